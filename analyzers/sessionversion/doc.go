// Package sessionversion defines an Analyzer that reports MCP clients,
// proxies and gateways that keep a server's Mcp-Session-Id without testing
// the negotiated protocol revision.
//
// # Analyzer sessionversion
//
// sessionversion: report session ids adopted from a response and echoed with no check of the negotiated revision
//
// Protocol revision 2026-07-28 has no sessions: a server never mints an
// Mcp-Session-Id and a client that negotiated that revision sends none and
// opens no GET stream. A client that can negotiate 2026-07-28 and still
// stores the id a (misbehaving or hybrid) server volunteers in its
// initialize response, then echoes it on every later request, keeps a
// session the protocol says does not exist. The gate belongs where the id is
// adopted, on every path that adopts one (the first handshake and the
// re-initialization after a 404): gating only where the id is sent misses the
// first request that echoes it, notifications/initialized.
//
// The analyzer reports an assignment that stores resp.Header.Get of the
// Mcp-Session-Id header (any spelling, or a constant of it) of an
// *http.Response into a struct field or a package variable -- directly,
// through a local variable, or through an atomic Store -- when
//
//   - the package knows a sessionless revision: a string constant of a
//     revision date at or after 2026-07-28 appears in it (a client that can
//     only negotiate earlier revisions keeps its sessions correctly);
//
//   - a request header of the same package is set from that field or
//     variable (req.Header.Set or Add of Mcp-Session-Id);
//
//   - neither the adoption nor that echo is gated on the revision: no
//     enclosing if, case or && operand, and no earlier if statement of an
//     enclosing block (typically an early return), tests something named
//     like a version (version, revision, modern, legacy, sessionless,
//     HasSessions) or a revision date.
//
// For example:
//
//	// bad
//	c.sessionID = resp.Header.Get("Mcp-Session-Id")
//	...
//	req.Header.Set("Mcp-Session-Id", c.sessionID)
//
//	// good: the id is dropped when the handshake negotiated 2026-07-28
//	c.sessionID = protocol.SessionIDForVersion(resp.Header.Get("Mcp-Session-Id"), result.ProtocolVersion)
//
// protocol.SessionIDForVersion is in mcpwire's runtime; any test of the
// negotiated revision around the adoption or the echo silences the report.
// A client that keeps the raw id for the shutdown DELETE and gates the id it
// sends is correct.
//
// # Precision
//
// The analyzer reports only what it sees in one package: an echo in another
// package, a gate in a caller of the echoing function, or an id that travels
// through a function call are not followed, and such code is not reported.
// Request headers copied wholesale by proxies, GET streams opened at a
// sessionless revision and servers minting ids for 2026-07-28 requests are
// not checked yet.
//
// # Suppressing a finding
//
//	//mcpvet:ignore sessionversion this client pins 2025-06-18 in its initialize request
//	c.sessionID = resp.Header.Get("Mcp-Session-Id")
package sessionversion
