// Package deps pins the packages every fixture may import, so `go mod vendor`
// keeps them in vendor/ even while no fixture uses one yet. Add a blank import
// here (and re-run scripts/vendor-testdata) before a fixture uses a new package.
package deps

import (
	_ "github.com/mcpwire/mcpwire/runtime/protocol"
	_ "github.com/mcpwire/mcpwire/runtime/streamable"
	_ "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
)
