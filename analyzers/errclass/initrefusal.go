package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catInitRefusalOK: an initialize the server refused, answered with a
// success status.
const catInitRefusalOK = "initialize-refusal-with-2xx"

// initRefusal reports whether the answer w writes, with a success status,
// a response its function knows to be an initialize's error, and the
// places the initialize is refused when they are elsewhere: the protocol's
// initialize rows answer a refused handshake 400 (500 for the server's own
// failure), never 2xx, which a client reads as an accepted handshake
// without a session. The function knows it when
//
//   - the answer carries -32700, -32600 or -32602 on a path only an
//     initialize takes (an initialize branch, or a function only such
//     branches call): the codes of the initialize rows that refuse the
//     client's message, so a server-defined code there (an authentication
//     refusal, say) is not judged, nor -32603, which readers take for a
//     method's failure riding on 200 (the server's own failures making the
//     session, in its state or upstream have rules of their own);
//   - the answer runs under resp.Error != nil on such a path;
//   - or an earlier test pairs the initialize with resp.Error (if method ==
//     "initialize" && resp.Error == nil { set the id }) and the answer,
//     under no test of resp.Error, writes every outcome alike.
//
// resp is a JSON-RPC response envelope (a struct with "jsonrpc" and "error"
// members) handed to the writer.
func (c *checker) initRefusal(body *ast.BlockStmt, writes []*answers.Answer, w *httpwrite.Write, initOnly func() bool) (bool, []analysis.RelatedInformation) {
	if !(w.Status >= 200 && w.Status < 300 || w.Status == 0 && w.Implicit) {
		return false, nil
	}
	info := c.pass.TypesInfo
	if w.HasCode && initRowCode(w.Code) && (w.Status != 0 || c.implicit200(body, writes, w)) && !underVersionTest(info, w.Stack) &&
		(session.InitializeBranchIn(info, w.Stack) || initOnly()) {
		return true, nil
	}
	call, ok := w.Node.(*ast.CallExpr)
	if !ok {
		return false, nil
	}
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
		return false, nil
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		for _, term := range httpwrite.Terms(ifs.Cond, inThen) {
			if nonNil, ok := errorMemberTest(info, term.E, resp); ok {
				if nonNil == term.Truth && (session.InitializeBranchIn(info, w.Stack) || initOnly()) {
					return true, c.initRefusedAt(body, resp, w)
				}
				return false, nil // the success path
			}
		}
	}
	// No test of resp.Error around the answer: every outcome is written
	// alike. Wrong for the initialize when the function itself tells the
	// initialize's error apart before, or when, on an initialize-only
	// path, resp comes from a dispatcher whose initialize can return one.
	if session.InitializeBranchIn(info, w.Stack) || initOnly() {
		if !c.testsErrorMember(body, resp) {
			if at := c.initRefusedAt(body, resp, w); len(at) > 0 {
				return true, at
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
	if !found {
		return false, nil
	}
	return true, c.initRefusedAt(body, resp, w)
}

// underVersionTest reports an answer under a test of the revision the
// initialize proposes (if !supported(params.ProtocolVersion)): a refusal
// of the revision, which the protocol answers with a revision the server
// supports instead, sessionversion's to judge whatever its status.
func underVersionTest(info *types.Info, stack []ast.Node) bool {
	for ifs := range httpwrite.EnclosingIfs(stack) {
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || found {
				return !found
			}
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal &&
				strings.EqualFold(httpwrite.JSONFieldName(s.Recv(), s.Obj().(*types.Var)), "protocolVersion") {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// initRowCode reports a code of the protocol's initialize rows that
// refuses the client's message: -32700 and -32600 (its shape), -32602
// (its params).
func initRowCode(code int64) bool {
	switch code {
	case httpwrite.CodeParseError, httpwrite.CodeInvalidRequest, httpwrite.CodeInvalidParams:
		return true
	}
	return false
}

// initRefusedAt points at the places the dispatcher that made resp
// refuses an initialize (see initFailures), as related positions of the
// answer that writes them with a success status; none when resp is not
// made by a call of a function of the package that can.
func (c *checker) initRefusedAt(body *ast.BlockStmt, resp *types.Var, w *httpwrite.Write) []analysis.RelatedInformation {
	info := c.pass.TypesInfo
	call := c.madeBy(body, resp, w.Node.Pos())
	if call == nil {
		return nil
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	fd := c.declOf(fn)
	if fd == nil {
		return nil
	}
	var out []analysis.RelatedInformation
	for _, n := range c.initFailures(fd, 0) {
		out = append(out, analysis.RelatedInformation{Pos: n.Pos(), End: n.End(), Message: "the initialize is refused here"})
	}
	return out
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

// initFailures are the returns by which fd, given an initialize, refuses
// it: in the initialize case of its method switch (or its whole body when
// it has none), a return of a response envelope literal with its error
// member set, or of a call of a function of the package that has such
// returns. A call handed a constant code (errorResponse(id, -32602, msg))
// is the refusal itself; any other call (a handler the dispatcher
// delegates the initialize to) is looked into, and its refusals stand for
// it.
func (c *checker) initFailures(fd *ast.FuncDecl, depth int) []ast.Node {
	if depth > 6 || fd.Body == nil {
		return nil
	}
	if out, ok := c.initFails[fd]; ok {
		return out
	}
	if c.initFails == nil {
		c.initFails = map[*ast.FuncDecl][]ast.Node{}
	}
	c.initFails[fd] = nil // a recursive call finds none
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
	var out []ast.Node
	ast.Inspect(region, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
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
			if httpwrite.EnvelopeErrorSet(info, e) {
				out = append(out, ret)
			}
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, e); fn != nil && fn.Pkg() == c.pass.Pkg && httpwrite.IsEnvelopeType(info.TypeOf(e)) {
				if g := c.declOf(fn); g != nil && g != fd {
					if inner := c.initFailures(g, depth+1); len(inner) > 0 {
						if codeArg(info, e) {
							out = append(out, ret)
						} else {
							out = append(out, inner...)
						}
					}
				}
			}
		}
		return false
	})
	c.initFails[fd] = out
	return out
}

// codeArg reports a call handed a negative integer constant, a JSON-RPC
// error code.
func codeArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if v, ok := httpwrite.IntConst(info, a); ok && v < 0 {
			return true
		}
	}
	return false
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
