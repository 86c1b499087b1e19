// Package mcphttp is the HTTP handler of an MCP server over Streamable HTTP:
// one endpoint that serves the session era (2025-03-26 … 2025-11-25) with a
// session transport per client, the sessionless 2026-07-28 revision
// statelessly, or both ([Hybrid], the default), on go-sdk's *mcp.Server.
//
// The handler owns every mechanic of the endpoint: the classifier that tells
// the eras apart, the session table (room reserved against MaxSessions, idle
// timers, close counts), the refusals a handshake gets before a server is
// built for it, the body budget, the cap on subscriptions/listen streams, the
// drain of a closing session (DrainTimeout, 5 s by default), a Shutdown that
// waits for every session, and the resumption of a session another node
// established from a shared [sessionstore.Store].
//
// mcpgen's generated file (mcphandler_gen.go) is the user's wiring around it:
// the names HandlerOptions, Handler, NewHandler and Stats, and the per-session
// state type the user declares. A server that needs none of that uses this
// package directly:
//
//	h := mcphttp.NewHandler(newServer, mcphttp.Options{})
//	http.Handle("/mcp", h)
//	...
//	h.Shutdown(ctx) // before http.Server.Shutdown
//
// docs/mcphttp.md is the guide.
package mcphttp
