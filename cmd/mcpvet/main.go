// Command mcpvet checks Go code for MCP Streamable HTTP session-wiring bugs.
// It runs standalone (mcpvet ./...) and as go vet's tool
// (go vet -vettool=$(command -v mcpvet) ./...); see docs/running-mcpvet.md.
package main

import "github.com/mcpwire/mcpwire/internal/mcpvet"

func main() { mcpvet.Main() }
