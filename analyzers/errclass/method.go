package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// methodRefused reports an answer whose innermost enclosing if refuses the
// request's HTTP method (if r.Method != http.MethodPost { ...; return }):
// the protocol's method row, 405 with Allow, a client's condition.
func methodRefused(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok {
			continue
		}
		if stack[i+1] != ifs.Body || !httpwrite.EndsInReturn(ifs.Body) {
			return false
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ {
			return false
		}
		return requestMethod(info, b.X) && httpMethod(info, b.Y) || requestMethod(info, b.Y) && httpMethod(info, b.X)
	}
	return false
}

// requestMethod reports r.Method of an *http.Request (also a framework
// context's c.Request.Method).
func requestMethod(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Method" && httpwrite.IsNamed(info.TypeOf(sel.X), httpwrite.PkgHTTP, "Request")
}

// httpMethod reports a constant naming an HTTP method.
func httpMethod(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	if !ok {
		return false
	}
	switch v {
	case http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodPut, http.MethodPatch, http.MethodHead, http.MethodOptions:
		return true
	}
	return false
}
