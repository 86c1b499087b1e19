package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catInitRefusalOK: an initialize the server refused, answered with a
// success status.
const catInitRefusalOK = "initialize-refusal-with-2xx"

// initRefusal reports whether the answer w writes, with a success status,
// a response its function knows to be an initialize's error: the
// protocol's initialize rows answer a refused handshake 400 (500 for the
// server's own failure), never 2xx, which a client reads as an accepted
// handshake without a session. The function knows it when
//
//   - the answer runs under resp.Error != nil on a path only an initialize
//     takes (an initialize branch, or a function only such branches call);
//   - or an earlier test pairs the initialize with resp.Error (if method ==
//     "initialize" && resp.Error == nil { set the id }) and the answer,
//     under no test of resp.Error, writes every outcome alike.
//
// resp is a JSON-RPC response envelope (a struct with "jsonrpc" and "error"
// members) handed to the writer.
func (c *checker) initRefusal(body *ast.BlockStmt, w *httpwrite.Write, initOnly func() bool) bool {
	if !(w.Status > 0 && w.Status < 300 || w.Status == 0 && w.Implicit) {
		return false
	}
	call, ok := w.Node.(*ast.CallExpr)
	if !ok {
		return false
	}
	info := c.pass.TypesInfo
	var resp *types.Var
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && httpwrite.IsEnvelopeType(info.TypeOf(id)) {
			resp, _ = info.Uses[id].(*types.Var)
		}
	}
	if resp == nil && w.Kind == httpwrite.WriteHeader {
		// w.WriteHeader(200); json.NewEncoder(w).Encode(resp): the
		// status of the body written after it in the same block.
		resp = encodedAfter(info, w)
	}
	if resp == nil {
		return false
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		for _, term := range httpwrite.Terms(ifs.Cond, inThen) {
			if nonNil, ok := errorMemberTest(info, term.E, resp); ok {
				if nonNil == term.Truth {
					return session.InitializeBranchIn(info, w.Stack) || initOnly()
				}
				return false // the success path
			}
		}
	}
	// No test of resp.Error around the answer: every outcome is written
	// alike. Wrong for the initialize when the function itself tells the
	// initialize's error apart before, or when, on an initialize-only
	// path, resp comes from a dispatcher whose initialize can return one.
	if session.InitializeBranchIn(info, w.Stack) || initOnly() {
		if call := c.madeBy(body, resp, w.Node.Pos()); call != nil && !c.testsErrorMember(body, resp) {
			if fn := httpwrite.Callee(info, call); fn != nil && fn.Pkg() == c.pass.Pkg {
				if fd := c.declOf(fn); fd != nil && c.initCanFail(fd, 0) {
					return true
				}
			}
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= w.Node.Pos() {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		names, tests := false, false
		ast.Inspect(ifs.Cond, func(x ast.Node) bool {
			if e, ok := x.(ast.Expr); ok {
				if _, ok := errorMemberTest(info, e, resp); ok {
					tests = true
				}
				if session.IsInitializeTestIn(info, e) {
					names = true
				}
			}
			return true
		})
		// A test whose branch returns answers the case itself.
		found = names && tests && !httpwrite.EndsInReturn(ifs.Body)
		return true
	})
	return found
}

// errorMemberTest reports whether e compares resp's "error" member with
// nil (resp.Error != nil, resp.Error == nil), and whether it tests for an
// error present.
func errorMemberTest(info *types.Info, e ast.Expr, resp *types.Var) (nonNil, ok bool) {
	b, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin || b.Op != token.NEQ && b.Op != token.EQL {
		return false, false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isNil(info, x) {
		x, y = y, x
	}
	if !isNil(info, y) {
		return false, false
	}
	sel, isSel := x.(*ast.SelectorExpr)
	if !isSel {
		return false, false
	}
	id, isID := ast.Unparen(sel.X).(*ast.Ident)
	if !isID || info.Uses[id] != resp {
		return false, false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return false, false
	}
	f := s.Obj().(*types.Var)
	if !httpwrite.IsEnvelopeType(info.TypeOf(sel.X)) || httpwrite.JSONFieldName(info.TypeOf(sel.X), f) != "error" {
		return false, false
	}
	return b.Op == token.NEQ, true
}

// initOnlyFuncs are the functions of the package that only initialize
// branches call: every call of each is in such a branch, and none is taken
// as a value.
func initOnlyFuncs(info *types.Info, pkg *types.Package, files []*ast.File) map[*types.Func]bool {
	calls := map[*types.Func]bool{}
	other := map[*types.Func]bool{}
	for _, f := range files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			fn, ok := info.Uses[id].(*types.Func)
			if !ok || fn.Pkg() != pkg {
				return true
			}
			fn = fn.Origin()
			// id is called when its parent (or the selector around it)
			// is the callee of a call.
			callee := false
			for i := len(stack) - 2; i >= 0; i-- {
				if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
					continue
				}
				if ce, ok := stack[i].(*ast.CallExpr); ok && (ce.Fun == stack[i+1] || ast.Unparen(ce.Fun) == stack[i+1]) {
					callee = true
				}
				break
			}
			if callee && session.InitializeBranchIn(info, stack) {
				calls[fn] = true
			} else {
				other[fn] = true
			}
			return true
		})
	}
	for fn := range other {
		delete(calls, fn)
	}
	return calls
}

// madeBy is the call resp was last assigned from before pos.
func (c *checker) madeBy(body *ast.BlockStmt, resp *types.Var, pos token.Pos) *ast.CallExpr {
	info := c.pass.TypesInfo
	var out *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) == resp {
				out, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			}
		}
		return true
	})
	return out
}

// testsErrorMember reports whether body tests resp's error member anywhere.
func (c *checker) testsErrorMember(body *ast.BlockStmt, resp *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if _, ok := errorMemberTest(c.pass.TypesInfo, e, resp); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// initCanFail reports whether fd, given an initialize, can return a
// response envelope with its error member set: in the initialize case of
// its method switch (or its whole body when it has none), a return of
// such a literal, or of a call of a function of the package that can.
func (c *checker) initCanFail(fd *ast.FuncDecl, depth int) bool {
	if depth > 6 || fd.Body == nil {
		return false
	}
	info := c.pass.TypesInfo
	var region ast.Node = fd.Body
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if region != fd.Body {
			return false
		}
		switch n := n.(type) {
		case *ast.CaseClause:
			for _, e := range n.List {
				if isInitString(info, e) {
					region = n
				}
			}
		case *ast.IfStmt:
			if session.IsInitializeTestIn(info, n.Cond) {
				region = n.Body
			}
		}
		return true
	})
	found := false
	ast.Inspect(region, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		e := ast.Unparen(ret.Results[0])
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		switch e := e.(type) {
		case *ast.CompositeLit:
			found = httpwrite.EnvelopeErrorSet(info, e)
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, e); fn != nil && fn.Pkg() == c.pass.Pkg && httpwrite.IsEnvelopeType(info.TypeOf(e)) {
				if g := c.declOf(fn); g != nil && g != fd {
					found = c.initCanFail(g, depth+1)
				}
			}
		}
		return !found
	})
	return found
}

// isInitString reports whether e is the constant "initialize".
func isInitString(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && v == "initialize"
}

// declOf returns the declaration of a function of the package.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	return c.decls()[fn.Origin()]
}

// encodedAfter is the response envelope a statement after the status
// write w, in the same block, writes to the response (json.NewEncoder(w).
// Encode(resp), w.Write of it), or nil.
func encodedAfter(info *types.Info, w *httpwrite.Write) *types.Var {
	var out *types.Var
	after := false
	for _, st := range httpwrite.Stmts(httpwrite.EnclosingList(w.Stack)) {
		if st.Pos() <= w.Node.Pos() && w.Node.End() <= st.End() {
			after = true
			continue
		}
		if !after || out != nil {
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || out != nil {
				return out == nil
			}
			t := httpwrite.BodyWriteTarget(info, call)
			if t == nil || !httpwrite.IsResponseWriter(info.TypeOf(t)) {
				return true
			}
			for _, a := range call.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && httpwrite.IsEnvelopeType(info.TypeOf(id)) {
					out, _ = info.Uses[id].(*types.Var)
				}
			}
			return out == nil
		})
	}
	return out
}

// isInitOnly reports whether fn is one of the package's functions only
// initialize branches call.
func (c *checker) isInitOnly(fn types.Object) bool {
	if c.initOnly == nil {
		c.initOnly = map[types.Object]bool{}
		for f := range initOnlyFuncs(c.pass.TypesInfo, c.pass.Pkg, c.pass.Files) {
			c.initOnly[f] = true
		}
	}
	return c.initOnly[fn]
}
