package ssabuild_test

import (
	"go/ast"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/ssabuild"
)

// TestBuild builds testdata package a with two bodies kept and checks
// which functions got blocks and which imports got SSA packages: only
// those the kept bodies and the package-level initializers name.
func TestBuild(t *testing.T) {
	var funcs map[ast.Node]*ssa.Function
	var decls map[string]*ast.FuncDecl
	a := &analysis.Analyzer{
		Name: "ssabuildtest",
		Doc:  "builds the package with ssabuild.Build",
		Run: func(pass *analysis.Pass) (any, error) {
			decls = map[string]*ast.FuncDecl{}
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok {
						decls[fd.Name.Name] = fd
					}
				}
			}
			keep := map[*ast.FuncDecl]bool{decls["kept"]: true, decls["builder"]: true}
			funcs = ssabuild.Build(pass, keep, ssabuild.All, true)
			return nil, nil
		},
	}
	analysistest.Run(t, analysistest.TestData(), a, "a")

	fn := func(name string) *ssa.Function {
		for node, f := range funcs {
			if fd, ok := node.(*ast.FuncDecl); ok && fd.Name.Name == name {
				return f
			}
		}
		t.Fatalf("no SSA function indexed for %s", name)
		return nil
	}
	for name, bodied := range map[string]bool{"kept": true, "builder": true, "stubbed": false} {
		if got := len(fn(name).Blocks) > 0; got != bodied {
			t.Errorf("%s: has a body %v, want %v", name, got, bodied)
		}
	}
	var created []string
	for _, p := range fn("kept").Prog.AllPackages() {
		created = append(created, p.Pkg.Path())
	}
	slices.Sort(created)
	if want := []string{"a", "errors", "fmt", "io"}; !slices.Equal(created, want) {
		t.Errorf("SSA packages created: %v, want %v", created, want)
	}
	// Debug mode maps kept expressions to their values.
	ret := decls["kept"].Body.List[0].(*ast.ReturnStmt).Results[0]
	if v, _ := fn("kept").ValueForExpr(ret); v == nil {
		t.Errorf("kept: no value for %s in debug mode", types.ExprString(ret))
	}
}
