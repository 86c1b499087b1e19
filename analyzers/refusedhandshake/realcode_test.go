package refusedhandshake_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// TestRealCodeIsClean runs the analyzer over go-sdk's own mcp package (whose
// StreamableHTTPHandler builds a transport per handshake and closes it on a
// refusal) and over this repository's runtime: correct code, so any finding
// is a false positive.
func TestRealCodeIsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks go-sdk and the runtime from source")
	}
	fixtures.RequireClean(t, []*analysis.Analyzer{refusedhandshake.Analyzer},
		[]string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/..."},
		"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/streamable")
}
