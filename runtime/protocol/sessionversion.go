package protocol

import "net/http"

// SessionIDForVersion is the session id a client keeps after a handshake
// that negotiated revision version: sessionID itself while the revision has
// sessions, "" at 2026-07-28 and later, where a server that volunteers an
// Mcp-Session-Id anyway must not be echoed (no later request carries it and
// no GET stream is opened for it). Apply it where the id is adopted, on every
// path that adopts one, including re-initialization after a 404: gating
// where the id is sent instead misses the first request that echoes it
// (notifications/initialized). A client that wants to end a session the
// server really created keeps the raw id for the shutdown DELETE only.
//
// An empty version (nothing negotiated yet) keeps the id: the revision is
// decided by the initialize result, which is where the gate belongs.
func SessionIDForVersion(sessionID, version string) string {
	if version != "" && !HasSessions(version) {
		return ""
	}
	return sessionID
}

// hopSessionHeaders describe the session of one HTTP hop: a proxy or gateway
// has its own session (or none) with each upstream, so the downstream
// client's values are never right there.
var hopSessionHeaders = []string{HeaderSessionID, HeaderProtocolVersion, HeaderLastEventID}

// ForwardHeader returns a copy of an incoming MCP request's headers for an
// outgoing request to another MCP server, without Mcp-Session-Id,
// MCP-Protocol-Version and Last-Event-ID: those name the downstream client's
// session, revision and stream position, and copied wholesale they reach the
// upstream as an id it never issued, a revision it never negotiated, or a
// duplicate when the proxy then Adds its own. Set the upstream's values on
// the result. A nil header gives an empty, non-nil one.
func ForwardHeader(in http.Header) http.Header {
	out := in.Clone()
	if out == nil {
		out = http.Header{}
	}
	for _, k := range hopSessionHeaders {
		out.Del(k)
	}
	return out
}
