package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestWiringOnly checks that every generated handler file is wiring: no
// lock, atomic, timer or goroutine of its own (the runtime holds them).
func TestWiringOnly(t *testing.T) {
	banned := map[string]bool{"sync": true, "sync/atomic": true, "time": true}
	for _, sc := range scenarios {
		c := resolve(t, sc.cfg, sc.src)
		src, err := Handler(c)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), c.Normalize().Out, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); banned[p] {
				t.Errorf("%s: imports %s", sc.name, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement", sc.name)
			case *ast.SelectorExpr:
				if n.Sel.Name == "AfterFunc" {
					t.Errorf("%s: calls AfterFunc", sc.name)
				}
			}
			return true
		})
	}
}
