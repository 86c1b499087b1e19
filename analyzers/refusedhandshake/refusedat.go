package refusedhandshake

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// refusedAt lists, as related positions, the refusals of a handshake whose
// per-request session nothing closes: every return, after the session is
// connected at from and before the transport serves the request, that ends
// a branch answering an HTTP error (http.Error, WriteHeader of 400 or more,
// a framework's writer with such a status, or a call handed the writer and
// a JSON-RPC error code). Each of them leaves the session open, and the
// user fixes each, so each is named.
func refusedAt(info *types.Info, fn ast.Node, call *ast.CallExpr) []analysis.RelatedInformation {
	return refusalsAfter(info, fn, call, closesIn, "refused here; the session stays open")
}

// refusalsAfter lists the returns, after from and before the transport
// serves the request, that end a branch answering an HTTP error and that
// undone does not excuse (it closes or removes what was made), each with
// note. The branch testing what from itself assigned is its own failure.
func refusalsAfter(info *types.Info, fn ast.Node, fromNode ast.Node, undone func(*ast.BlockStmt) bool, note string) []analysis.RelatedInformation {
	body := httpwrite.Body(fn)
	if body == nil {
		return nil
	}
	from := fromNode.End()
	own := ownErrorCheck(info, body, fromNode)
	// The transport serving the request ends the handshake's refusals
	// this function can make: what follows is the session's own answer.
	end := body.End()
	// Nor does anything past the end of a block holding the registration
	// that ends in a return (an initialize branch): the handshake's path
	// never gets there.
	if b := returningBlockAround(body, fromNode); b != nil {
		end = b.End()
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && c.Pos() > from && c.Pos() < end {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "ServeHTTP" {
				end = c.Pos()
			}
		}
		return true
	})
	var out []analysis.RelatedInformation
	path := pathTo(body, fromNode)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if n.Pos() <= from || n.Pos() >= end || len(n.List) == 0 || n == own || otherBranch(path, n) {
				return true
			}
			ret, ok := n.List[len(n.List)-1].(*ast.ReturnStmt)
			if ok && answersError(info, n) && !undone(n) {
				out = append(out, analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: note})
			}
		}
		return true
	})
	return out
}

// otherBranch reports whether n lies in a branch the code at the end of
// path never reaches: the else of an if whose body holds it, or another
// clause of a switch or select holding it. Later in the source is not
// later on the path.
func otherBranch(path []ast.Node, n ast.Node) bool {
	within := func(x ast.Node) bool { return x != nil && x.Pos() <= n.Pos() && n.End() <= x.End() }
	for i := 0; i+1 < len(path); i++ {
		switch p := path[i].(type) {
		case *ast.IfStmt:
			if path[i+1] == p.Body && p.Else != nil && within(p.Else) {
				return true
			}
		case *ast.CaseClause, *ast.CommClause:
			if i > 0 && within(path[i-1]) && !within(p) {
				return true
			}
		}
	}
	return false
}

// returningBlockAround is the innermost block around n, inside body and
// other than body, whose last statement is a return.
func returningBlockAround(body *ast.BlockStmt, n ast.Node) *ast.BlockStmt {
	var out *ast.BlockStmt
	ast.Inspect(body, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || x.End() < n.End() {
			return false
		}
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		if b, ok := x.(*ast.BlockStmt); ok && b != body && httpwrite.EndsInReturn(b) {
			out = b
		}
		return true
	})
	return out
}

// answersError reports whether block itself (not a nested branch) answers
// an HTTP error.
func answersError(info *types.Info, block *ast.BlockStmt) bool {
	found := false
	for _, st := range block.List {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.ForStmt, *ast.RangeStmt:
				return false
			case *ast.CallExpr:
				if errorWrite(info, n) || takesWriter(info, n) && (rpcErrorCodeIn(info, n) || statusArg(info, n)) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// statusArg reports whether an argument of call is a constant HTTP error
// status (400 to 599).
func statusArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if c, ok := httpwrite.IntConst(info, a); ok && c >= 400 && c <= 599 {
			return true
		}
	}
	return false
}

// ownErrorCheck is the body of the if right after the statement making
// call that tests what that statement assigned (ss, err := Connect(...);
// if err != nil { ... }): there the connection failed, so no session is
// left open.
func ownErrorCheck(info *types.Info, body *ast.BlockStmt, call ast.Node) *ast.BlockStmt {
	var found *ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || found != nil {
			return found == nil
		}
		for i, st := range b.List {
			a, ok := st.(*ast.AssignStmt)
			if !ok || i+1 == len(b.List) || !(a.Pos() <= call.Pos() && call.End() <= a.End()) {
				continue
			}
			next, ok := b.List[i+1].(*ast.IfStmt)
			if !ok {
				continue
			}
			assigned := map[types.Object]bool{}
			for _, l := range a.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) != nil {
					assigned[info.ObjectOf(id)] = true
				}
			}
			ast.Inspect(next.Cond, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && assigned[info.ObjectOf(id)] {
					found = next.Body
				}
				return found == nil
			})
		}
		return found == nil
	})
	return found
}

// closesIn reports whether block calls a Close method: that refusal
// closes what it built.
func closesIn(block *ast.BlockStmt) bool {
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" {
				found = true
			}
		}
		return !found
	})
	return found
}
