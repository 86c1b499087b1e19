// Package bad is a hand-written Streamable HTTP client that can negotiate
// 2026-07-28 and keeps whatever Mcp-Session-Id a server volunteers.
package bad

import (
	"net/http"
	"strings"
	"sync/atomic"
)

const latestRevision = "2026-07-28"

var supported = []string{latestRevision, "2025-11-25"}

type client struct {
	url       string
	hc        *http.Client
	sessionID string
	version   string
}

// initialize stores the id straight from the response header.
func (c *client) initialize(body string) error {
	resp, err := c.hc.Post(c.url, "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	c.sessionID = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept and echoed with no check of the negotiated revision`
	return nil
}

// send echoes it on every later request, whatever was negotiated.
func (c *client) send(req *http.Request) (*http.Response, error) {
	if c.sessionID != "" {
		req.Header.Set("Mcp-Session-Id", c.sessionID)
	}
	return c.hc.Do(req)
}

// reinit is the recovery after a 404: the replacement handshake adopts its
// id through a local, the same way.
type reconnecting struct {
	hc  *http.Client
	sid string
}

func (r *reconnecting) reinit(req *http.Request) error {
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("mcp-session-id"); id != "" {
		r.sid = id // want `Mcp-Session-Id from a response is kept`
	}
	return nil
}

func (r *reconnecting) notifyInitialized(req *http.Request) {
	id := r.sid
	req.Header.Add("MCP-Session-Id", id)
}

// atomicClient keeps the id in an atomic.Value, as concurrent clients do.
type atomicClient struct {
	session atomic.Value
}

const headerSession = "Mcp-Session-Id"

func (a *atomicClient) adopt(resp *http.Response) {
	a.session.Store(resp.Header.Get(headerSession)) // want `Mcp-Session-Id from a response is kept`
}

func (a *atomicClient) decorate(req *http.Request) {
	if s, _ := a.session.Load().(string); s != "" {
		req.Header.Set(headerSession, s)
	}
}

// lateGate tests the revision only for the GET stream: the echo on every
// POST is not gated, which is the finding.
type lateGate struct {
	sessionID string
	version   string
}

func (l *lateGate) handshake(resp *http.Response, version string) {
	l.version = version
	l.sessionID = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept`
}

func (l *lateGate) post(req *http.Request) {
	req.Header.Set("Mcp-Session-Id", l.sessionID)
}

func (l *lateGate) listen(req *http.Request) bool {
	if l.version >= latestRevision {
		return false
	}
	req.Header.Set("Mcp-Session-Id", l.sessionID)
	return true
}
