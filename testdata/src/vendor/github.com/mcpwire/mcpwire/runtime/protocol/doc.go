// Package protocol holds the wire vocabulary of MCP's Streamable HTTP
// transport that every mcpwire runtime package shares: header names, protocol
// revisions, JSON-RPC and MCP error codes, and [Error], the one error type that
// carries an HTTP status and a JSON-RPC code together.
//
// Every refusal the runtime answers goes through [WriteError], so the status,
// the code and the body shape are decided in one place. A failure that is not
// an [*Error] is a server-internal failure and is answered 500 / -32603: a
// client is never told "Parse error" for something its bytes did not cause.
package protocol
