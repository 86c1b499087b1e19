package mcpvet_test

import (
	"strings"
	"testing"
)

// TestCleanOnCorrectCode runs the binary over code that wires sessions
// correctly and must draw no finding: go-sdk's own mcp package and this
// repository's runtime and examples. Without their tests (-test=false):
// go-sdk's test dependencies are not in this module's go.sum, and the
// repository's own tests are covered by the dogfood step of scripts/test.
// Slow: it type-checks go-sdk and its dependencies from source.
func TestCleanOnCorrectCode(t *testing.T) {
	if !slow() {
		t.Skip("slow: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	root := strings.TrimSpace(command(t, ".", "git", "rev-parse", "--show-toplevel").stdout)
	// sessionversion is off here: go-sdk's streamable client keeps an
	// Mcp-Session-Id a server volunteers at 2026-07-28, a real finding
	// the corpus labels FLAG (corpus/sessionversion.tsv).
	r := command(t, root, mcpvetBin, "-test=false", "-sessionversion=false",
		"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/...", "./examples/...")
	if r.code != 0 {
		t.Errorf("mcpvet on correct code: exit %d, want 0\n%s", r.code, r.stderr)
	}
}
