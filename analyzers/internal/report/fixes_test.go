package report_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// fixBoth reports calls to clash and fine, each with a fix of two edits:
// clash's edit one range twice, fine's edit two ranges apart.
var fixBoth = &analysis.Analyzer{
	Name:     "fixboth",
	Doc:      "fixboth: test analyzer offering an overlapping and a coherent fix",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			id, ok := call.Fun.(*ast.Ident)
			if !ok || (id.Name != "clash" && id.Name != "fine") {
				return
			}
			second := analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(id.Name)}
			if id.Name == "fine" {
				second = analysis.TextEdit{Pos: call.Rparen, End: call.Rparen + 1, NewText: []byte(")")}
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(), Message: "call to " + id.Name,
				SuggestedFixes: []analysis.SuggestedFix{{Message: "rewrite", TextEdits: []analysis.TextEdit{
					{Pos: id.Pos(), End: id.End(), NewText: []byte(id.Name)},
					second,
				}}},
			})
		})
		return nil, nil
	},
}

// TestOverlappingFixDropped checks that a fix whose edits overlap is
// dropped, keeping its finding, and that a coherent fix is kept: the
// checker refuses (and panics on) a fix with overlapping edits.
func TestOverlappingFixDropped(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), fixBoth, "fixes")
	fixes := map[string]int{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			fixes[d.Message] = len(d.SuggestedFixes)
		}
	}
	if got := fixes["call to clash"]; got != 0 {
		t.Errorf("call to clash: %d fixes, want 0 (its edits overlap)", got)
	}
	if got := fixes["call to fine"]; got != 1 {
		t.Errorf("call to fine: %d fixes, want 1", got)
	}
}
