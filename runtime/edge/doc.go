// Package edge is the one HTTP edge of the mcpwire runtime: the bounded body
// read, the strict JSON-RPC decoder and the Host/Origin check that
// runtime/classify, runtime/streamable and runtime/mcphttp all use, so that
// they can never disagree on what a request is. The process-wide limits (the
// listener's connection cap, the budget of request bodies read at once) are
// runtime/limits'; edge bounds only the one body it reads.
//
// A POST body is read once ([ReadBody]) and decoded once ([Decode]) into a
// [Payload]: go-sdk's message types plus the few params fields the runtime
// routes on. A classifier that has already done both hands the payload on
// with the request ([Forward]); the transport picks it up with [ReadPayload]
// instead of reading and decoding again.
//
// docs/protocol.md states the rules implemented here: what the decoder
// refuses and with which code, and how Host and Origin are matched.
package edge
