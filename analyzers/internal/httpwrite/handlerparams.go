package httpwrite

import (
	"go/ast"
	"go/types"
)

// AnswersHTTP reports whether ft has an http.ResponseWriter parameter or a
// web framework's context: a function that answers HTTP requests.
func AnswersHTTP(info *types.Info, ft *ast.FuncType) bool {
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		if IsNamed(t, PkgHTTP, "ResponseWriter") || IsFrameworkContext(t) {
			return true
		}
	}
	return false
}

// ReadsRequestMethod reports whether e reads the request's HTTP method:
// r.Method of an *http.Request (c.Request().Method too), or a framework
// context's c.Method(). A JSON-RPC message's Method field is not it.
func ReadsRequestMethod(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			found = found || n.Sel.Name == "Method" && IsNamed(info.TypeOf(n.X), PkgHTTP, "Request")
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" && IsFrameworkContext(info.TypeOf(sel.X)) {
				found = true
			}
		}
		return !found
	})
	return found
}
