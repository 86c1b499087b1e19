// Package stateless serves 2026-07-28 requests (protocol revision
// 2026-07-28 has no sessions: every request carries its own envelope in
// params._meta) from one *mcp.Server, without go-sdk's HTTP transport in
// between when it can, and through it when it cannot.
//
// go-sdk's stateless StreamableHTTPHandler reads and decodes every request
// twice (once to choose how to connect, once to serve) with a decoder that
// allocates 32 KiB per decode, and re-derives a tool's header annotations
// from its schema on every tools/call: over half of a modern call's CPU and
// bytes, before the server runs. A [Handler] takes the request the runtime's
// classifier already decoded (runtime/classify, carried in its body by
// runtime/edge), connects the server to a one-request connection, and writes
// the answer as go-sdk's handler would: the same status (404 for -32601,
// 400 for -32602, -32021 and -32022), headers and body.
//
// It does so only for requests whose every check it makes exactly as
// go-sdk's transport does; everything else goes to the fallback, which must
// be go-sdk's stateless handler for the same server, so that no answer
// differs. Served directly: a single call classified modern, JSON responses,
// one of the standard methods tools/call, tools/list, prompts/get,
// prompts/list, resources/read, resources/list, resources/templates/list,
// completion/complete and server/discover, with Accept and Content-Type a
// go-sdk transport accepts, an Mcp-Method header equal to the method and,
// for the three named methods, an Mcp-Name header equal to the name the
// params hold ([edge.NameParam] says when that reading is certain).
// A tools/call goes directly only when it carries no Mcp-Param-* header and
// its tool is known to declare no x-mcp-header annotation: the handler
// learns the server's tools once, with one tools/list of its own (which the
// server's middleware sees), at the first tools/call. A tool added later is
// unknown and goes to the fallback, which checks it.
//
// Everything else goes to the fallback: SSE responses, subscriptions/listen,
// notifications, custom methods, the methods 2026-07-28 removed, a
// Last-Event-ID header, missing or mismatched Mcp-Method and Mcp-Name
// headers, Mcp-Param-* headers, annotated or unknown tools, and requests
// that did not come through the classifier.
//
// Like go-sdk's stateless transport, a directly served request cannot carry
// server-to-client requests, and in JSON mode the server's notifications
// during a call are refused (go-sdk has no stream to put them on). The
// handler does not check Host or Origin: the endpoint's edge does
// (edge.CheckHostOrigin), before it.
//
// The limit of the one tools/list: a tool re-registered, after it was
// learnt, under the same name with an x-mcp-header annotation it did not
// have is served without checking its Mcp-Param-* headers. A server given
// to a Handler is to be fully configured when it is handed over, as the
// generated handler's factory contract says (docs/protocol.md, "The
// stateless leg").
package stateless
