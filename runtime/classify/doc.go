// Package classify routes an inbound Streamable HTTP request on an endpoint
// that serves session-era clients (2025-03-26, 2025-06-18, 2025-11-25) and
// sessionless 2026-07-28 clients at once. It decides, from the HTTP method,
// the MCP-Protocol-Version, Mcp-Method and Mcp-Session-Id headers and the
// body, which leg serves the request:
//
//   - [Legacy]: the sessionful leg (an initialize handshake, or a session's
//     follow-up). The caller routes on [Result.SessionID] and
//     [Result.IsInitialize].
//   - [Modern]: the stateless 2026-07-28 leg.
//   - [Reject]: neither; [Result.Err] is the refusal to write, with the
//     status and code docs/protocol.md ("Classifying") gives it. The caller writes it with
//     protocol.WriteError(w, res.ID, res.Err).
//
// [Classify] reads the body once, bounded, and hands back a request whose
// body reads the same bytes, so the winning leg never sees a consumed body.
// [ClassifyParts] is the same decision over already-read parts.
//
// # Rules, in the order they are applied
//
// Era signals decide first; the session id decides only among legacy-era
// traffic. A 2026-07-28 server ignores an Mcp-Session-Id that arrives, and a
// session never negotiates 2026-07-28, so a legacy session's own traffic
// never carries a claim or a modern header. Concretely:
//
//  1. Not POST: GET and DELETE are session operations (the modern era is
//     POST-only) and go to the legacy leg with or without a session id, so a
//     client's shutdown DELETE reaches the session it names — unless their
//     MCP-Protocol-Version header names 2026-07-28 or later, which has no
//     sessions: reject 405 with Allow: POST, whatever session id they carry.
//     Any other method goes to the legacy leg, which answers 405.
//  2. The body is decoded once by the runtime's one decoder
//     (runtime/edge), which the sessionful transport uses too. A body that
//     is not JSON goes to the legacy leg, which answers
//     400 / -32700: only the sessionful transport speaks for bytes it cannot
//     read.
//  3. A JSON array is a batch (2025-03-26). Empty → reject 400 / -32600. An
//     element carrying a _meta protocol-version claim → reject 400 / -32600
//     (2026-07-28 messages are single POSTs). An element that is not a
//     JSON-RPC message → reject 400 / -32600. Otherwise legacy.
//  4. JSON that is not one JSON-RPC message → reject 400 / -32600.
//  5. A posted JSON-RPC response is session traffic: legacy.
//  6. A request or notification whose params._meta holds
//     "io.modelcontextprotocol/protocolVersion" (a claim) is judged as
//     2026-07-28, whatever its method and whether or not it carries a session
//     id: a claim that is not a non-empty string, or a malformed reserved
//     _meta key → 400 / -32602; an MCP-Protocol-Version header that differs
//     from the claim → 400 / -32020; a claimed revision not in
//     protocol.ModernVersions → 400 / -32022 whose data lists the endpoint's
//     revisions; a missing MCP-Protocol-Version header → 400 / -32020; an
//     Mcp-Method header that differs from the body → 400 / -32020. Otherwise
//     modern. An initialize with a valid claim is modern too (the modern leg
//     answers it method-not-found); [Result.IsInitialize] says so.
//  7. No claim, but an MCP-Protocol-Version header naming 2026-07-28 or later:
//     initialize → 400 / -32020 (a handshake with a sessionless header);
//     a revision not served → 400 / -32022; a malformed _meta (not an
//     object, or a reserved key of the wrong type) → 400 / -32602; a request
//     → 400 / -32602 (2026-07-28 requests must carry the claim); a
//     notification (notifications carry no claim) with an Mcp-Method header
//     that differs → 400 / -32020, else modern.
//  8. Everything else is legacy: initialize, then anything with a session id,
//     then claim-less requests and notifications.
//
// A session id never sends a claim-bearing message to the legacy leg: a
// 2026-07-28 client that kept an id volunteered by some server still gets
// served statelessly, as the revision requires. The converse — a claim-less
// message with a session id — always reaches the session's host, including
// notifications/initialized and posted responses (docs/protocol.md, "Bug classes").
//
// The classifier checks only what decides the leg and what the modern leg
// must not be handed. Mcp-Name, a missing Mcp-Method, Mcp-Param-* headers,
// Accept and Content-Type are left to the leg that serves the request.
package classify
