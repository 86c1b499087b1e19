package interop

import (
	"bytes"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/cli"
)

// The interop and conformance runs test examples/everything's generated handler, so it must be what
// the current mcpgen generates. Slow runs only: a generator change in progress should not fail the
// quick tests of whoever is making it.
func TestEverythingHandlerIsCurrent(t *testing.T) {
	if !slow() {
		t.Skip("slow test: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	var out bytes.Buffer
	if code := cli.Main([]string{"verify", "../examples/everything"}, &out, &out); code != 0 {
		t.Fatalf("mcpgen verify examples/everything: exit %d\n%s\nregenerate (server code is kept):\n\tgo run ./cmd/mcpgen new examples/everything --module github.com/mcpwire/mcpwire/examples/everything --mode hybrid --replace-mcpwire .", code, out.String())
	}
}
