package refusedhandshake

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The table rules read a test naming initialize generously where it
// silences them (dominatedByInit: any test or switch naming it counts). A
// table of another package is taken to hold sessions only on the opposite
// evidence, so that reading is strict: the entry is made only on
// initialize's own path.

// onInitPath reports whether target, in body, runs only for an initialize:
// in the body of an if whose condition holds only for one, or in a case
// listing "initialize".
func (t *tables) onInitPath(body *ast.BlockStmt, target ast.Node) bool {
	stack := pathTo(body, target)
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] == n.Body && t.initOnlyCond(body, n.Cond, 0) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if isInitConst(t.info, e) {
					return true
				}
			}
		}
	}
	return false
}

// initOnlyCond reports a condition that holds only for an initialize:
// m == "initialize", a conjunction with one, or a local bool that starts
// false and is set true only under such a condition or to one.
func (t *tables) initOnlyCond(body *ast.BlockStmt, cond ast.Expr, depth int) bool {
	if depth > 2 {
		return false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL:
			return isInitConst(t.info, e.X) || isInitConst(t.info, e.Y)
		case token.LAND:
			return t.initOnlyCond(body, e.X, depth+1) || t.initOnlyCond(body, e.Y, depth+1)
		}
	case *ast.Ident:
		v, ok := t.info.Uses[e].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return false
		}
		any, all := false, true
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || !all {
				return all
			}
			for i, l := range as.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || t.info.ObjectOf(id) != v {
					continue
				}
				any = true
				if len(as.Lhs) != len(as.Rhs) {
					all = false
					continue
				}
				rhs := ast.Unparen(as.Rhs[i])
				if b, ok := t.info.Types[rhs]; ok && b.Value != nil && b.Value.ExactString() == "false" {
					continue
				}
				if b, ok := t.info.Types[rhs]; ok && b.Value != nil && b.Value.ExactString() == "true" && t.onInitPath(body, as) {
					continue
				}
				if t.initOnlyCond(body, rhs, depth+1) {
					continue
				}
				all = false
			}
			return all
		})
		return any && all
	}
	return false
}

// initOnlyPath reports an unexported function declaration every call of
// which, outside tests, is on initialize's own path (onInitPath): the
// handshake's own function, read strictly.
func (t *tables) initOnlyPath(fn ast.Node) bool {
	return t.calledOnlyWhere(fn, t.onInitPath)
}
