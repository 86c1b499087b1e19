package errclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// TestRealCodeIsClean runs errclass and sessionstatus over go-sdk's own mcp
// package (its StreamableHTTPHandler answers unknown sessions 404, body
// limits 413 and connect failures 500) and over this repository's runtime:
// correct code, so any finding is a false positive.
func TestRealCodeIsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks go-sdk and the runtime from source")
	}
	fixtures.RequireClean(t, []*analysis.Analyzer{errclass.Analyzer, sessionstatus.Analyzer},
		[]string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/..."},
		"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/protocol", "github.com/mcpwire/mcpwire/runtime/streamable")
}
