package refusedhandshake_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// TestRefusalsNamed checks that a per-request session left open by the
// handler's own refusals is reported with each of those refusals as a
// related position, exactly the returns the fixture marks "leaks": not the
// failed Connect's branch, not a refusal that closes, not what follows the
// transport's serving.
func TestRefusalsNamed(t *testing.T) {
	namedAt(t, "fixtures/refusedhandshake/refusedat", "refused here", "// leaks", all)
}

// TestStepRefusalsNamed checks that a refusal after the registered
// session's own step failed is named, and none past the initialize
// branch's return.
func TestStepRefusalsNamed(t *testing.T) {
	namedAt(t, "fixtures/refusedhandshake/sessionstep", "refused here", "// leaks", all)
}

// TestUnansweredNamed checks that a branch answering a registered
// handshake without its id is named at the statement that answers (or
// the return handing the failure up), the lines the fixture marks
// "answered", not at the branch's opening brace.
func TestUnansweredNamed(t *testing.T) {
	namedAt(t, "fixtures/refusedhandshake/tableunanswered", "answered here", "// answered", all)
}

// TestRegistrarNamed checks that a registration whatever the method made
// by calling a function of the package names that function's own store:
// the call alone shows no table.
func TestRegistrarNamed(t *testing.T) {
	namedAt(t, "fixtures/refusedhandshake/tablebeforeinit", "registered here, by the function called", "// registers", distinct)
}

// lines says whether two findings naming the same line count once
// (distinct: a helper every finding names) or twice (all).
type lines bool

const (
	all      lines = false
	distinct lines = true
)

// namedAt checks that the related positions of pkg's findings whose
// message starts with prefix are exactly the lines ending in marker.
func namedAt(t *testing.T, pkg, prefix, marker string, count lines) {
	t.Helper()
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, refusedhandshake.Analyzer, pkg)
	var got, want []int
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Action.Diagnostics {
			for _, rel := range d.Related {
				if strings.HasPrefix(rel.Message, prefix) {
					got = append(got, fset.Position(rel.Pos).Line)
				}
			}
		}
		for _, f := range r.Action.Package.Syntax {
			name := fset.Position(f.Pos()).Filename
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				if strings.HasSuffix(line, marker) {
					want = append(want, i+1)
				}
			}
		}
	}
	slices.Sort(got)
	if count == distinct {
		got = slices.Compact(got)
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("related positions %q at lines %v, want the lines marked %q %v", prefix, got, marker, want)
	}
}
