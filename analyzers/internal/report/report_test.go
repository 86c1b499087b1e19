package report_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// flagBad reports every call to a function named bad, through report, so the
// fixture exercises suppression, generated-file filtering and Finish.
var flagBad = &analysis.Analyzer{
	Name:     "flagbad",
	Doc:      "flagbad: test analyzer reporting calls to bad()",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "bad" {
				report.Reportf(pass, call, "call to bad")
			}
		})
		report.Finish(pass)
		return nil, nil
	},
}

func TestReport(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), flagBad, "a")
}

func TestParseDirective(t *testing.T) {
	tests := []struct {
		text   string
		names  []string
		reason string
		ok     bool
	}{
		{"//mcpvet:ignore errclass store errors are retried upstream", []string{"errclass"}, "store errors are retried upstream", true},
		{"//mcpvet:ignore errclass,sessionstatus  legacy   endpoint", []string{"errclass", "sessionstatus"}, "legacy endpoint", true},
		{"//mcpvet:ignore errclass", []string{"errclass"}, "", true},
		{"//mcpvet:ignore", nil, "", true},
		{"//mcpvet:ignored errclass x", nil, "", false},
		{"// mcpvet:ignore errclass x", nil, "", false},
		{"//nolint:errclass", nil, "", false},
	}
	for _, tt := range tests {
		names, reason, ok := report.ParseDirective(tt.text)
		if ok != tt.ok || reason != tt.reason || !reflect.DeepEqual(names, tt.names) {
			t.Errorf("ParseDirective(%q) = %q, %q, %v; want %q, %q, %v", tt.text, names, reason, ok, tt.names, tt.reason, tt.ok)
		}
	}
}

// Directive comments are untrusted input (any file mcpvet reads).
func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{"//mcpvet:ignore a b", "//mcpvet:ignore ,,, x", "//mcpvet:ignore\t a\tb", "//x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		names, reason, ok := report.ParseDirective(text)
		if !ok && (names != nil || reason != "") {
			t.Fatalf("non-directive %q returned data", text)
		}
		for _, n := range names {
			if n == "" {
				t.Fatalf("empty analyzer name from %q", text)
			}
		}
	})
}

// TestFactsOnly: when nothing reads the findings, Report drops them and
// Finish reads no directive; with it off, the same calls report a finding
// and the fixture's unused directives.
func TestFactsOnly(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(analysistest.TestData(), "src", "a", "a.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, factsOnly := range []bool{true, false} {
		got := 0
		pass := &analysis.Pass{Analyzer: flagBad, Fset: fset, Files: []*ast.File{f}, Report: func(analysis.Diagnostic) { got++ }}
		report.SetFactsOnly(factsOnly)
		report.Reportf(pass, f.Name, "a finding")
		report.Finish(pass)
		report.SetFactsOnly(false)
		if factsOnly && got != 0 {
			t.Errorf("facts only: %d diagnostics, want none", got)
		}
		if !factsOnly && got < 2 {
			t.Errorf("findings read: %d diagnostics, want the finding and the unused directives", got)
		}
	}
}
