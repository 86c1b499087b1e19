package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// defaultStatus is the status an answer passes in a local variable that
// starts as a constant and is changed only under a test that picks one
// kind of error (status := 400; if errors.Is(err, errUnknown) { status =
// 404 }, or err == errUnknown): the
// status every error of another kind is answered with. 0 when the
// variable is anything else.
func defaultStatus(info *types.Info, body *ast.BlockStmt, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return 0
	}
	initial, bad := 0, false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if bad {
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(lid) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					bad = true
					return false
				}
				c, isConst := httpwrite.IntConst(info, n.Rhs[i])
				switch {
				case !isConst:
					bad = true
				case n.Tok == token.DEFINE && lid.Pos() == v.Pos():
					initial = int(c)
				case n.Tok == token.ASSIGN && underErrorKind(info, stack):
				default:
					bad = true
				}
			}
		case *ast.UnaryExpr:
			if uid, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(uid) == v {
				bad = true
			}
		case *ast.IncDecStmt:
			if uid, ok := n.X.(*ast.Ident); ok && info.ObjectOf(uid) == v {
				bad = true
			}
		}
		return !bad
	})
	if bad || initial < 100 || initial > 999 {
		return 0
	}
	return initial
}

// underErrorKind reports a node on stack inside the then branch of an if
// whose condition picks one kind of error (errors.Is, errors.As, == a
// sentinel), or in a case of a switch that tells kinds apart.
func underErrorKind(info *types.Info, stack []ast.Node) bool {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		if !inThen {
			continue
		}
		for _, t := range httpwrite.Terms(ifs.Cond, true) {
			if picksKind(info, t) {
				return true
			}
		}
	}
	return sortedByKind(info, stack)
}
