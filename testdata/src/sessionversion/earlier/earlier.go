// Package earlier is a client that only speaks revisions with sessions: it
// never negotiates 2026-07-28, so keeping and echoing the id is correct.
package earlier

import "net/http"

const protocolRevision = "2025-06-18"

type client struct {
	sessionID string
}

func (c *client) initialize(resp *http.Response) {
	c.sessionID = resp.Header.Get("Mcp-Session-Id")
}

func (c *client) send(req *http.Request) {
	req.Header.Set("Mcp-Protocol-Version", protocolRevision)
	req.Header.Set("Mcp-Session-Id", c.sessionID)
}
