// Package good is a client that can negotiate 2026-07-28 and gates the
// session id on the negotiated revision, in each of the ways the analyzer
// accepts.
package good

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

type client struct {
	hc        *http.Client
	sessionID string
	version   string
	rawID     string // kept for the shutdown DELETE only
}

// The runtime's helper drops the id at a sessionless revision: the stored
// value is no longer the raw header.
func (c *client) initialize(resp *http.Response, negotiated string) {
	c.version = negotiated
	c.rawID = resp.Header.Get(protocol.HeaderSessionID)
	c.sessionID = protocol.SessionIDForVersion(resp.Header.Get(protocol.HeaderSessionID), negotiated)
}

func (c *client) send(req *http.Request) {
	if c.sessionID != "" {
		req.Header.Set(protocol.HeaderSessionID, c.sessionID)
	}
}

// close sends the raw id on the DELETE, but only for a revision with
// sessions: the echo is gated.
func (c *client) close(req *http.Request) {
	if protocol.HasSessions(c.version) {
		req.Header.Set(protocol.HeaderSessionID, c.rawID)
	}
}

// gatedAdopt tests the revision where it adopts.
type gatedAdopt struct {
	id string
}

func (g *gatedAdopt) adopt(resp *http.Response, version string) {
	if version < protocol.Version20260728 {
		g.id = resp.Header.Get("Mcp-Session-Id")
	}
}

func (g *gatedAdopt) send(req *http.Request) { req.Header.Set("Mcp-Session-Id", g.id) }

// gatedEcho adopts blindly but never sends the id at a modern revision: an
// early return gates every echo after it.
type gatedEcho struct {
	id      string
	version string
}

func (g *gatedEcho) adopt(resp *http.Response) { g.id = resp.Header.Get("Mcp-Session-Id") }

func (g *gatedEcho) isModern() bool { return g.version >= "2026-07-28" }

func (g *gatedEcho) send(req *http.Request) {
	if g.isModern() {
		return
	}
	req.Header.Set("Mcp-Session-Id", g.id)
}

// A condition that reads the revision, joined with &&.
type gatedAnd struct {
	id      string
	version string
}

func (g *gatedAnd) adopt(resp *http.Response) { g.id = resp.Header.Get("Mcp-Session-Id") }

func (g *gatedAnd) send(req *http.Request) {
	if g.id != "" && protocol.HasSessions(g.version) {
		req.Header.Set("Mcp-Session-Id", g.id)
	}
}

// A server reads the id from its requests and answers with it: neither is
// a client adopting a response's id.
func serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	w.Header().Set("Mcp-Session-Id", id)
}

// A gateway passes an upstream response's id back to its own client without
// keeping it: nothing is stored, so nothing is echoed later.
func relay(w http.ResponseWriter, upstream *http.Response) {
	w.Header().Set("Mcp-Session-Id", upstream.Header.Get("Mcp-Session-Id"))
}

// An id kept but never sent (logging, metrics) is not echoed.
type observer struct{ last string }

func (o *observer) see(resp *http.Response) { o.last = resp.Header.Get("Mcp-Session-Id") }
