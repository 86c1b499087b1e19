package errclass

import (
	"go/ast"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// stmtsAfter is, for the statement on stack below index i (stack[i-1] and
// up to the innermost block, case or comm clause), the statements that
// follow it in that block: where a value it assigns is used next.
func stmtsAfter(stack []ast.Node, i int) []ast.Stmt {
	var list []ast.Stmt
	var stmt ast.Node
	for k := i - 1; k >= 0; k-- {
		switch b := stack[k].(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		default:
			stmt = stack[k]
			continue
		}
		break
	}
	for j, s := range list {
		if s == stmt {
			return list[j+1:]
		}
	}
	return nil
}

// holders are the variables that hold one value: the variable assigned it
// and those assigned its JSON encoding.
type holders struct {
	info *types.Info
	vars map[types.Object]bool
}

func newHolders(info *types.Info, held types.Object) *holders {
	return &holders{info: info, vars: map[types.Object]bool{held: true}}
}

// mentions reports whether n uses a holder.
func (h *holders) mentions(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && h.vars[h.info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// mentionsExpr is mentions for a slice of expressions.
func (h *holders) mentionsExpr(e ast.Expr) bool { return h.mentions(e) }

// marshalled reports whether s is data, err := json.Marshal(x) of a
// holder, and makes data a holder: it holds the value too.
func (h *holders) marshalled(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || !h.mentions(as.Rhs[0]) {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !httpwrite.IsFunc(httpwrite.Callee(h.info, call), "encoding/json", "Marshal") {
		return false
	}
	if id, ok := as.Lhs[0].(*ast.Ident); ok && h.info.ObjectOf(id) != nil {
		h.vars[h.info.ObjectOf(id)] = true
	}
	return true
}
