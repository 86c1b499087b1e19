package errclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

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
	root, err := fixtures.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: root}
	pkgs, err := packages.Load(cfg, "github.com/modelcontextprotocol/go-sdk/mcp", "./runtime/...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages did not load cleanly")
	}
	res, err := checker.Analyze([]*analysis.Analyzer{errclass.Analyzer, sessionstatus.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := map[string]bool{}
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("%s %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		checked[act.Package.PkgPath] = true
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s: unexpected finding: %s", act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
	// The run must have covered what it claims to, or it proves nothing.
	for _, want := range []string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/protocol"} {
		if !checked[want] {
			t.Errorf("%s was not analyzed", want)
		}
	}
}
