// Package statelessproto restates a client whose one revision test is a
// predicate named for the sessionless protocol (inside, it compares the
// revision it was configured with to 2026-07-28). Its notification sender
// and its GET stream return early under that predicate, so the id they adopt
// or send never exists at 2026-07-28: nothing here is reported but the
// neighbour whose only test is the server's stateless mode, which says
// nothing about the revision.
package statelessproto

import (
	"context"
	"errors"
	"io"
	"net/http"
)

const sessionlessRevision = "2026-07-28"

type conn struct {
	hc        *http.Client
	url       string
	asked     string // the revision the caller configured
	sessionID string
}

func (c *conn) usesStatelessProtocol() bool { return c.asked == sessionlessRevision }

// notify refuses to run at the sessionless revision before it adopts any id.
func (c *conn) notify(ctx context.Context, body io.Reader) error {
	if c.usesStatelessProtocol() {
		return errors.New("no notifications at this revision")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, body)
	if err != nil {
		return err
	}
	if c.sessionID != "" {
		req.Header.Set("Mcp-Session-Id", c.sessionID)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		c.sessionID = id
	}
	return nil
}

// Start opens the GET stream only past the same early return.
func (c *conn) Start(ctx context.Context) {
	if c.usesStatelessProtocol() {
		return
	}
	go c.listen(ctx)
}

func (c *conn) listen(ctx context.Context) {
	if c.sessionID == "" {
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
	if err != nil {
		return
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", c.sessionID)
	if resp, err := c.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}

// modeOnly tests only whether the server declined to issue ids (its
// stateless mode): a server that volunteers one at 2026-07-28 is believed.
type modeOnly struct {
	isStateless bool
	sessionID   string
}

func (m *modeOnly) adopt(resp *http.Response) {
	if m.isStateless {
		return
	}
	m.sessionID = resp.Header.Get("Mcp-Session-Id") // want `Mcp-Session-Id from a response is kept and echoed`
}

func (m *modeOnly) send(req *http.Request) { req.Header.Set("Mcp-Session-Id", m.sessionID) }
