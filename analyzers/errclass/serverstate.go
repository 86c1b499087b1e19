package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// stateBeforeDispatch reports, on MCP's endpoint, -32603 written with HTTP
// 200 in the function that decoded the request, before anything was done
// with the decoded message, under a test of the server's own state alone
// (`if len(s.backends) == 0`, `if !s.ready.Load()`): the request is read
// and valid, and the server cannot take it. No method has run, so the
// answer is the transport's: the server-failure row, 500 with -32603.
//
// The function must be the one a router of the package registers at one
// of MCP's paths, and be called by nothing of its package. "Before
// anything was done" is strict: no call between the decode and the answer
// is handed the decoded value, the request or the writer, and no if or
// switch around the answer reads the request, so a method's own -32603
// (after a switch on the method, inside a handler handed the message)
// rides on 200 as before.
func (c *checker) stateBeforeDispatch(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if !w.HasCode || w.Code != httpwrite.CodeInternalError || !(w.Status == 200 || w.Status == 0 && w.Implicit) || fn == nil || !branchReturns(w.Stack) {
		return false
	}
	if !c.entry {
		// Only the function a router registers at MCP's path reads
		// the request first: one the package also calls (a tool's
		// handler reached after a switch on the method), or one
		// routed at a path of its own (a tool's own route beside the
		// endpoint), answers for a method.
		return false
	}
	if obj, ok := fn.Object().(*types.Func); ok && c.calledInPackage(obj) {
		return false
	}
	var cond ast.Expr
	for _, n := range w.Stack {
		switch n := n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.RangeStmt, *ast.ForStmt, *ast.CaseClause:
			return false
		case *ast.IfStmt:
			if n.Init != nil {
				return false
			}
			cond = n.Cond
		}
	}
	if cond == nil {
		return false
	}
	st := &stateReader{info: info, body: body, recv: fn.Signature.Recv(), seen: map[*types.Var]bool{}}
	for _, n := range w.Stack {
		if ifs, ok := n.(*ast.IfStmt); ok && !st.expr(ifs.Cond) {
			return false
		}
	}
	if !st.server {
		return false
	}
	decode := bodyDecode(info, body, func(call *ast.CallExpr) bool { return call.Pos() < w.Node.Pos() && len(call.Args) > 0 })
	if decode == nil {
		return false
	}
	target := addressed(info, decode.Args[len(decode.Args)-1])
	if target == nil || actedOn(info, body, target, decode, w.Node.Pos()) {
		return false
	}
	c.report(w.Node, catStateOK, []analysis.RelatedInformation{
		{Pos: cond.Pos(), End: cond.End(), Message: "a test of the server's own state"},
		{Pos: decode.Pos(), End: decode.End(), Message: "the request, decoded and not yet handed to any method"},
	}, nil, "answers -32603 with HTTP 200 when %s, before any method runs: the server's failure is 500", types.ExprString(cond))
	return true
}

// actedOn reports a call in body between the decode and pos that is
// handed v (or its address, or a field of it), the request or the writer:
// the message has been taken somewhere, and what follows may be a
// method's. Logging it is not acting on it.
func actedOn(info *types.Info, body *ast.BlockStmt, v types.Object, decode *ast.CallExpr, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		if b, ok := n.(*ast.BlockStmt); ok && b != body && b.End() < pos && httpwrite.EndsInReturn(b) {
			// A branch that answered and returned: its calls are
			// not on the way to the answer.
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || call == decode || call.Pos() <= decode.End() || call.Pos() >= pos {
			return true
		}
		if httpwrite.LogCall(info, call) {
			return false
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && (info.Uses[id] == v || handsOn(info.TypeOf(id))) {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// stateReader tells an expression that reads only the server's own state:
// its receiver, package variables, constants, and locals assigned only
// from those. server records that some such state was read (not constants
// alone).
type stateReader struct {
	info   *types.Info
	body   *ast.BlockStmt
	recv   *types.Var
	seen   map[*types.Var]bool
	server bool
}

func (s *stateReader) expr(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			ok = false
			return false
		}
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			// A field or method is as much the server's as what it is
			// selected from; a package-qualified name is the package's.
			ok = s.expr(sel.X)
			return false
		}
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		switch o := s.info.Uses[id].(type) {
		case nil, *types.Const, *types.Builtin, *types.TypeName, *types.PkgName, *types.Func, *types.Nil:
		case *types.Var:
			ok = s.variable(o)
		default:
			ok = false
		}
		return ok
	})
	return ok
}

func (s *stateReader) variable(v *types.Var) bool {
	switch {
	case v == s.recv:
		s.server = true
		return true
	case v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
		s.server = true
		return true
	case v.IsField():
		return true
	}
	if done, ok := s.seen[v]; ok {
		return done
	}
	s.seen[v] = false
	// A local: every value it is given must be the server's. A variable
	// declared without one, a parameter or one filled through its address
	// is not.
	assigned, ok := false, true
	ast.Inspect(s.body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := l.(*ast.Ident)
				if !isID || s.info.ObjectOf(id) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) && len(n.Rhs) != 1 {
					ok = false
					continue
				}
				rhs := n.Rhs[0]
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				assigned = true
				ok = ok && s.expr(rhs)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if s.info.Defs[name] != v {
					continue
				}
				if i >= len(n.Values) {
					ok = false
					continue
				}
				assigned = true
				ok = ok && s.expr(n.Values[i])
			}
		case *ast.UnaryExpr:
			if id, isID := n.X.(*ast.Ident); isID && n.Op == token.AND && s.info.Uses[id] == v {
				ok = false
			}
		}
		return ok
	})
	s.seen[v] = assigned && ok
	return assigned && ok
}

// handsOn reports the request's or the writer's type: a call handed one
// can answer or forward.
func handsOn(t types.Type) bool {
	return t != nil && (httpwrite.IsResponseWriter(t) || httpwrite.IsNamed(derefType(t), httpwrite.PkgHTTP, "Request"))
}

// calledInPackage reports whether a function of the package calls fn
// (made once per package).
func (c *checker) calledInPackage(fn *types.Func) bool {
	if c.called == nil {
		c.called = map[*types.Func]bool{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if callee := httpwrite.Callee(c.pass.TypesInfo, call); callee != nil {
						c.called[callee.Origin()] = true
					}
				}
				return true
			})
		}
	}
	return c.called[fn.Origin()]
}
