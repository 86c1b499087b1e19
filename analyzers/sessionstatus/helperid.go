package sessionstatus

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// helperID reports whether key, a variable of function n, is assigned
// the result of a function of the package that may return the request's
// Mcp-Session-Id as it came: the header if present, else a minted one
// (`id := hdr.Get(K); if id == "" { id = newID() }; return id`). Such a
// helper is not an id source for the scan, which takes one only when its
// return is the header alone; a value that may be the client's is enough
// for an initialize to keep it.
func helperID(pass *analysis.Pass, sum *answers.Result, n ast.Node, key *ast.Ident) bool {
	info := pass.TypesInfo
	v := info.Uses[key]
	if v == nil {
		return false
	}
	var callees []*types.Func
	ast.Inspect(httpwrite.Body(n), func(x ast.Node) bool {
		a, ok := x.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || a.Pos() > key.Pos() {
			return true
		}
		if l, ok := a.Lhs[0].(*ast.Ident); ok && info.ObjectOf(l) == v {
			if c, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok {
				if fn := httpwrite.Callee(info, c); fn != nil && fn.Pkg() == pass.Pkg {
					callees = append(callees, fn.Origin())
				}
			}
		}
		return true
	})
	if len(callees) == 0 {
		return false
	}
	want := map[ast.Node]bool{}
	for _, m := range sum.Funcs {
		if fd, ok := m.(*ast.FuncDecl); ok {
			for _, fn := range callees {
				if info.Defs[fd.Name] == fn {
					want[m] = true
				}
			}
		}
	}
	if len(want) == 0 {
		return false
	}
	for m, s := range moreScans(pass, sum, func(m ast.Node) bool { return want[m] }) {
		found := false
		ast.Inspect(httpwrite.Body(m), func(x ast.Node) bool {
			if _, ok := x.(*ast.FuncLit); ok {
				return false
			}
			if r, ok := x.(*ast.ReturnStmt); ok && len(r.Results) == 1 && s.MayHoldLocalID(r.Results[0]) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
