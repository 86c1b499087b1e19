package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// StatusCallBefore reports a call in body before pos that may set the
// status by a name (WriteHeader, a framework's SetStatus, Status,
// SendStatus, Abort) without being an answer the model knows: a helper
// that writes only a body after it does not answer 200. A call in an
// earlier branch that ends by returning, or inside one, cannot reach pos.
func StatusCallBefore(info *types.Info, body *ast.BlockStmt, pos token.Pos) bool {
	found := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if found || n.Pos() >= pos {
			return false
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := Callee(info, call)
		if fn == nil {
			return true
		}
		switch fn.Name() {
		case "WriteHeader", "SetStatus", "Status", "SendStatus", "Abort", "AbortWithStatus", "CustomAbort":
			if ReachesLater(stack, pos) {
				found = true
			}
		}
		return !found
	})
	return found
}

// ReachesLater reports that what the last node of stack does may still
// hold at pos, later in the same function: no block or clause around it,
// short of one that also holds pos, ends by returning (a status picked in
// a branch of a refusal that returns never reaches pos).
func ReachesLater(stack []ast.Node, pos token.Pos) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
			if EndsInReturn(n) {
				return false
			}
		case *ast.FuncLit:
			return true
		}
	}
	return true
}

// EnclosingList is the innermost block or case clause on stack.
func EnclosingList(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return stack[i]
		}
	}
	return nil
}

// Stmts is the statement list of a block or a case or comm clause, or nil.
func Stmts(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// EndsInReturn reports a block or clause whose last statement returns.
func EndsInReturn(n ast.Node) bool {
	list := Stmts(n)
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok
}
