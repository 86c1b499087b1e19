package suite_test

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpwire/mcpwire/analyzers/internal/facttest"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// TestFactsOnlyExportsTheSameFacts runs the suite over every fixture
// package twice, once reading findings and once for facts only (as go vet
// runs the tool on a checked package's dependencies), and requires the same
// facts from both: the checks skip work on facts-only units, and a fact that
// work exported would reach the dependents in one mode and not the other.
func TestFactsOnlyExportsTheSameFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every fixture package with its dependencies from source")
	}
	pkgs := fixtures.LoadAll(t)
	facts := func(factsOnly bool) []string {
		suite.SetFactsOnly(factsOnly)
		defer suite.SetFactsOnly(false)
		graph, err := checker.Analyze(suite.Analyzers(), pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for act := range graph.All() {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, f := range act.AllObjectFacts() {
				seen[fmt.Sprintf("%s %s: %s", act.Analyzer.Name, objectName(act.Package.Fset, f.Object), f.Fact)] = true
			}
			for _, f := range act.AllPackageFacts() {
				seen[fmt.Sprintf("%s %s: %s", act.Analyzer.Name, f.Package.Path(), f.Fact)] = true
			}
		}
		return slices.Sorted(maps.Keys(seen))
	}
	full, only := facts(false), facts(true)
	if len(full) == 0 {
		t.Fatal("the fixtures export no fact: the comparison proves nothing")
	}
	facttest.Same(t, "findings read", full, "facts only", only)
	t.Logf("%d facts alike in both modes", len(full))
}

// objectName names a fact's object by its declaration's place and name:
// the same object in both runs, which analyse the packages loaded once.
func objectName(fset *token.FileSet, obj types.Object) string {
	return fmt.Sprintf("%s %s", fset.Position(obj.Pos()), obj.Name())
}
