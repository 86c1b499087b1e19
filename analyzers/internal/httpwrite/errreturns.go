package httpwrite

import (
	"go/ast"
	"go/types"
)

// EachErrorReturn calls visit with the error each return of fn's body
// gives (its last result, parentheses removed), in source order, skipping
// function literals. It reports false, and stops, when fn's last result
// is not an error, when a return does not list every result (a bare return
// of named results, or a call handing on all of another's), or when visit
// returns false: a caller judging every error fn returns can then tell an
// answer from "not read".
func EachErrorReturn(fn *types.Func, body *ast.BlockStmt, visit func(e ast.Expr) bool) bool {
	res := fn.Type().(*types.Signature).Results()
	if body == nil || res.Len() == 0 || !IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != res.Len() || !visit(ast.Unparen(n.Results[len(n.Results)-1])) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
