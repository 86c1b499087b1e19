package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catCreateFailedOK: a failure making the session answered with a
// success status.
const catCreateFailedOK = "session-create-failure-with-2xx"

// createFailure returns the call whose failure the answer w reports, when
// that call makes the session (or its id) the function goes on to answer
// as Mcp-Session-Id:
//
//	s, err := store.Create(owner)
//	if err != nil { reply(w, id, -32603, "...") } // HTTP 200
//	w.Header().Set("Mcp-Session-Id", s.ID)
//
// Minting the id and making the session are the server's own work, with
// nothing of the client's in them: the protocol's server-failure row, 500
// with -32603. A call handed the request's own Mcp-Session-Id is a lookup
// (its failure is sessionstatus's), not a creation.
func (c *checker) createFailure(body *ast.BlockStmt, w *httpwrite.Write) *ast.CallExpr {
	if !(w.Status > 0 && w.Status < 300 || w.Status == 0 && w.Implicit) || !branchReturns(w.Stack) {
		return nil
	}
	info := c.pass.TypesInfo
	for _, f := range failedCalls(info, body, w) {
		if len(f.as.Lhs) != 2 || c.takesSessionHeader(body, f.call) {
			continue
		}
		first, ok := f.as.Lhs[0].(*ast.Ident)
		if !ok {
			continue
		}
		made, _ := info.ObjectOf(first).(*types.Var)
		if answersIDFrom(info, body, made, w.Node.End()) {
			return f.call
		}
	}
	return nil
}

// branchReturns reports whether the innermost block around the last node
// of stack ends in a return: the answer is the branch's last word.
func branchReturns(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch b := stack[i].(type) {
		case *ast.BlockStmt:
			if len(b.List) == 0 {
				return false
			}
			_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
			return ok
		case *ast.CaseClause:
			if len(b.Body) == 0 {
				return false
			}
			_, ok := b.Body[len(b.Body)-1].(*ast.ReturnStmt)
			return ok
		case *ast.FuncLit:
			return false
		}
	}
	return false
}

// takesSessionHeader reports whether an argument of call is, or was read
// from, the request's Mcp-Session-Id.
func (c *checker) takesSessionHeader(body *ast.BlockStmt, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	names := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !found && httpwrite.IsSessionHeader(info, x) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, a := range call.Args {
		if names(a) {
			return true
		}
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			continue
		}
		read := false
		ast.Inspect(body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && !read {
				for i, l := range as.Lhs {
					if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == v && (len(as.Rhs) == len(as.Lhs) && names(as.Rhs[i]) || len(as.Rhs) == 1 && names(as.Rhs[0])) {
						read = true
					}
				}
			}
			return !read
		})
		if read {
			return true
		}
	}
	return false
}

// answersIDFrom reports whether body, after pos, sets the Mcp-Session-Id
// response header from v (v, v.ID, v.ID()): through the ResponseWriter's
// header or a framework's (gin's c.Header, fiber's c.Set).
func answersIDFrom(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos) bool {
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() < pos || len(call.Args) != 2 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Set" && sel.Sel.Name != "Add" && sel.Sel.Name != "Header" || !httpwrite.IsSessionHeader(info, call.Args[0]) {
			return true
		}
		ast.Inspect(call.Args[1], func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
			return !found
		})
		return true
	})
	return found
}
