package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/ignoredirective"
)

// check returns an analyzer that only lends its name to the suite under test:
// ignoredirective must accept directives naming it without running it.
func check(name string) *analysis.Analyzer {
	return &analysis.Analyzer{Name: name, Doc: name + ": test stand-in", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
}

func TestIgnoreDirective(t *testing.T) {
	a := ignoredirective.New(check("errclass"), check("refusedhandshake"), check("sessionstatus"))
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "a")
}

func TestNewAcceptsOwnName(t *testing.T) {
	a := ignoredirective.New()
	if a.Name != ignoredirective.Name {
		t.Fatalf("Name = %q, want %q", a.Name, ignoredirective.Name)
	}
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		t.Fatal(err)
	}
}
