// Package interop holds slow, black-box tests of examples/everything (a server mcpgen scaffolded in
// hybrid mode) over loopback: real MCP clients in both protocol eras (go-sdk, mark3labs/mcp-go, the
// TypeScript SDK v1 and v2, the MCP Inspector CLI), and the wire behaviour the official conformance
// suite does not check. They run when MCPWIRE_SLOW=1 or CI=true (scripts/test sets them in CI) and
// need go, plus npm for the TypeScript clients; everything else is installed into .cache/interop.
package interop
