package errclass_test

import (
	"fmt"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/internal/facttest"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
)

// TestPrescreenKeepsFacts runs errclass over every fixture package of every
// check (and the stubs they import) with the origin facts' pre-screen on
// and off: the screen may only save SSA, so the facts and findings must be
// the same. A leaf the tracer learns that the screen does not admit shows
// here as a fact lost, once a fixture exercises it.
func TestPrescreenKeepsFacts(t *testing.T) {
	pkgs := fixtures.LoadAll(t)
	run := func(screen bool) []string {
		defer func(old bool) { *errclass.Prescreen = old }(*errclass.Prescreen)
		*errclass.Prescreen = screen
		g, err := checker.Analyze([]*analysis.Analyzer{errclass.Analyzer}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for act := range g.All() {
			if act.Analyzer != errclass.Analyzer {
				continue
			}
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, f := range act.AllObjectFacts() {
				if f.Object.Pkg() == act.Package.Types {
					out = append(out, fmt.Sprintf("%s: %s", f.Object, f.Fact))
				}
			}
			for _, d := range act.Diagnostics {
				out = append(out, fmt.Sprintf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message))
			}
		}
		slices.Sort(out)
		return out
	}
	on, off := run(true), run(false)
	if len(off) == 0 {
		t.Fatal("no facts or findings without the pre-screen")
	}
	facttest.Same(t, "without the pre-screen", off, "with the pre-screen", on)
	t.Logf("%d facts and findings, the same both ways", len(on))
}
