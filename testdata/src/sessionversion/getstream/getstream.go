// Package getstream restates clients that open the standalone GET stream
// (server-to-client messages outside any request) and the ways they decide
// to. At 2026-07-28 there is no GET stream: a client that can negotiate it
// must test the negotiated revision before opening one.
package getstream

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

const latest = "2026-07-28"

// guardedOnID opens the stream whenever it holds a session id, and holds
// whatever id a server volunteers: the three spawn sites of the Rust client
// before its fix.
type guardedOnID struct {
	hc        *http.Client
	url       string
	sessionID string
}

func (c *guardedOnID) Start(ctx context.Context, resp *http.Response) {
	c.sessionID = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept and echoed`
	if c.sessionID != "" {
		go c.listen(ctx)
	}
}

func (c *guardedOnID) listen(ctx context.Context) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil) // want `standalone GET stream opened with no check of the negotiated revision`
	if err != nil {
		return
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", c.sessionID)
	if resp, err := c.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// unconditional opens the stream from its exported Connect, carrying the
// negotiated revision but never testing it.
type unconditional struct {
	hc      *http.Client
	url     string
	version string
}

func (u *unconditional) Connect(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, "GET", u.url, nil) // want `standalone GET stream opened`
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(protocol.HeaderProtocolVersion, u.version)
	resp, err := u.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// versionGated opens it only for a revision with sessions.
type versionGated struct {
	hc      *http.Client
	url     string
	version string
}

func (v *versionGated) Start(ctx context.Context) {
	if protocol.HasSessions(v.version) {
		go v.listen(ctx)
	}
}

func (v *versionGated) listen(ctx context.Context) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, v.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", v.version)
	if resp, err := v.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// gatedAtAdoption is the Rust fix: the id is dropped where it is adopted,
// so "if we have a session" opens nothing at 2026-07-28.
type gatedAtAdoption struct {
	hc  *http.Client
	url string
	sid string
}

func (g *gatedAtAdoption) Start(ctx context.Context, resp *http.Response, negotiated string) {
	g.sid = protocol.SessionIDForVersion(resp.Header.Get("Mcp-Session-Id"), negotiated)
	if g.sid != "" {
		go g.listen(ctx)
	}
}

func (g *gatedAtAdoption) listen(ctx context.Context) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", g.sid)
	if resp, err := g.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// earlyReturn tests the revision inside the opener.
type earlyReturn struct {
	hc      *http.Client
	url     string
	version string
}

func (e *earlyReturn) Listen(ctx context.Context) {
	if e.version >= latest {
		return
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, e.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", e.version)
	if resp, err := e.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// legacySSE is the 2024-11-05 HTTP+SSE transport's GET: no session or
// revision header, a different transport, not the standalone stream.
func legacySSE(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Connect falls back to the legacy transport.
func Connect(ctx context.Context, hc *http.Client, url string) error {
	return legacySSE(ctx, hc, url)
}

// neverCalled opens a stream from a function this package never calls: who
// calls it, and under which test, is unknown, so it is not reported.
func neverCalled(ctx context.Context, hc *http.Client, url, sid string) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	if resp, err := hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

var _ = neverCalled

// pinned speaks one revision with sessions and says so on the stream.
type pinned struct {
	hc  *http.Client
	url string
}

func (p *pinned) Listen(ctx context.Context, sid string) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if resp, err := p.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// callback registers the opener for a library to call once it has
// negotiated: when that happens, and under which test, is not seen here.
type callback struct {
	hc        *http.Client
	url       string
	onSession func(sid string)
}

func (c *callback) Configure(ctx context.Context) {
	c.onSession = func(sid string) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		if resp, err := c.hc.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

// goroutine runs its literal on the spot: the path is judged.
type goroutine struct {
	hc      *http.Client
	url     string
	version string
}

func (g *goroutine) Start(ctx context.Context) {
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil) // want `standalone GET stream opened`
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", g.version)
		if resp, err := g.hc.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
}
