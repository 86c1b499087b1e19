package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catStateOK: -32603 written with HTTP 200 for a part of the server that
// is not configured, before any method runs.
const catStateOK = "server-state-with-200"

// unconfiguredWith200 reports, on MCP's endpoint, -32603 (Internal error)
// written with HTTP 200 directly under a test that a configured part of
// the server is missing -- s.f == nil for a field of the method's receiver,
// or a package variable, of interface, func or pointer type -- in a
// function that decodes the request's body only after the answer, or
// that hands the request after it to that very part (if s.sse == nil {
// ... }; s.sse.ServeHTTP(w, r)): the part that would run the method is
// the one missing. No method has run, so the answer is the transport's:
// the server-failure row, 500 with -32603. A method's -32603 after
// dispatch rides on 200, which is why the decode or the hand-off must come
// later in the same function.
//
// Only -32603 is judged: a nil part answered -32601, 404 or 501 is a
// feature the server lacks, which those answers say.
func (c *checker) unconfiguredWith200(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if !w.HasCode || w.Code != httpwrite.CodeInternalError || !(w.Status == 200 || w.Status == 0 && w.Implicit) || fn == nil {
		return false
	}
	var part ast.Expr
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		if ts := httpwrite.Terms(ifs.Cond, inThen); inThen && len(ts) == 1 && ts[0].Truth {
			part = nilTested(info, ts[0].E)
		}
		break
	}
	if part == nil || !configuredPart(info, fn, part) || !decodedAfter(info, body, w.Node.End()) && !handedToAfter(info, body, part, w.Node.End()) {
		return false
	}
	c.report(w.Node, catStateOK, []analysis.RelatedInformation{{Pos: part.Pos(), End: part.End(), Message: "a part of the server's own configuration"}}, nil,
		"answers -32603 with HTTP 200 when %s is nil, before any method runs: the server's failure is 500", types.ExprString(part))
	return true
}

// nilTested is x of x == nil (or nil == x), or nil.
func nilTested(info *types.Info, e ast.Expr) ast.Expr {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return nil
	}
	switch {
	case isNil(info, b.Y):
		return ast.Unparen(b.X)
	case isNil(info, b.X):
		return ast.Unparen(b.Y)
	}
	return nil
}

// configuredPart reports e as a field of fn's receiver (s.f) or a package
// variable, of interface, func or pointer type: something the server is
// built with, not something the request brings.
func configuredPart(info *types.Info, fn *ssa.Function, e ast.Expr) bool {
	var v *types.Var
	switch e := e.(type) {
	case *ast.SelectorExpr:
		recv := fn.Signature.Recv()
		id, ok := ast.Unparen(e.X).(*ast.Ident)
		if !ok || recv == nil || info.Uses[id] != recv {
			return false
		}
		sel := info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return false
		}
		v, _ = sel.Obj().(*types.Var)
	case *ast.Ident:
		v, _ = info.Uses[e].(*types.Var)
		if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			return false
		}
	}
	if v == nil {
		return false
	}
	switch v.Type().Underlying().(type) {
	case *types.Interface, *types.Signature, *types.Pointer:
		return !httpwrite.IsErrorType(v.Type())
	}
	return false
}

// handedToAfter reports a call after pos, in body, of a method of part
// (the same field of the same receiver, or the same package variable,
// spelt the same) handed the *http.Request.
func handedToAfter(info *types.Info, body *ast.BlockStmt, part ast.Expr, pos token.Pos) bool {
	want := objectOf(info, part)
	if want == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() <= pos {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || objectOf(info, sel.X) != want || types.ExprString(sel.X) != types.ExprString(part) {
			return true
		}
		for _, a := range call.Args {
			if httpwrite.IsNamed(info.TypeOf(a), httpwrite.PkgHTTP, "Request") {
				found = true
			}
		}
		return !found
	})
	return found
}

// decodedAfter reports a decode of the request's body in body after pos.
func decodedAfter(info *types.Info, body *ast.BlockStmt, pos token.Pos) bool {
	return bodyDecode(info, body, func(call *ast.CallExpr) bool { return call.Pos() > pos }) != nil
}
