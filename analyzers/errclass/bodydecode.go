package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// bodyDecodeFailed returns the call decoding the request's body when the
// answer w is under its failure: err from json.NewDecoder(r.Body).Decode,
// from json.Unmarshal of bytes read from r.Body, or from a framework's
// binder. The client's bytes did not decode: the protocol's not-json and
// not-jsonrpc rows, 400, whatever code the answer carries.
func bodyDecodeFailed(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write) *ast.CallExpr {
	for _, f := range failedCalls(info, body, w) {
		if decodesBody(info, body, f.call, 0) {
			return f.call
		}
	}
	return nil
}

// failedCall is a call whose error an answer reports, and the assignment
// that holds its results.
type failedCall struct {
	call *ast.CallExpr
	as   *ast.AssignStmt
}

// failedCalls are the calls whose errors the guards around the answer w
// test (if err != nil, after err := f(...), x, err := f(...), or in the
// if's init): for each error variable the guard names, its last assignment
// before w from a single call.
func failedCalls(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write) []failedCall {
	causes, tooLarge := guard(info, w.Stack)
	if tooLarge {
		return nil
	}
	var out []failedCall
	for _, e := range causes {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			continue
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			continue
		}
		if f, ok := lastErrAssign(info, body, v, w.Node.Pos()); ok {
			out = append(out, f)
		}
	}
	return out
}

// lastErrAssign is the last assignment to v before pos whose last result
// v is, from a single call.
func lastErrAssign(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos) (failedCall, bool) {
	var out failedCall
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || as.End() > pos {
			return true
		}
		last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok || info.ObjectOf(last) != v {
			return true
		}
		call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		out = failedCall{call, as}
		return true
	})
	return out, out.call != nil
}

// decodesBody reports whether call decodes the request's body:
// Decoder.Decode on json.NewDecoder(r.Body) (or on a reader wrapping it),
// json.Unmarshal of bytes read from it, or a framework binder.
func decodesBody(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr, depth int) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil {
		return false
	}
	if binds, _ := httpwrite.BindsBody(fn); binds {
		return true
	}
	switch {
	case httpwrite.IsFunc(fn, "encoding/json", "Unmarshal") && len(call.Args) == 2:
		return fromBody(info, body, call.Args[0], call.Pos(), depth)
	case fn.Name() == "Decode" && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json":
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		return fromBody(info, body, sel.X, call.Pos(), depth)
	}
	return false
}

// fromBody reports whether e holds the request's body or what was read
// from it: r.Body itself, a call over it (io.ReadAll(r.Body),
// json.NewDecoder(r.Body), http.MaxBytesReader(w, r.Body, n)), or a
// variable last assigned one before pos.
func fromBody(info *types.Info, body *ast.BlockStmt, e ast.Expr, pos token.Pos, depth int) bool {
	if depth > 3 || e == nil {
		return false
	}
	e = ast.Unparen(e)
	if httpwrite.IsRequestBody(info, e) {
		return true
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if frameworkRawBody(httpwrite.Callee(info, e)) {
			return true
		}
		for _, a := range e.Args {
			if fromBody(info, body, a, pos, depth+1) {
				return true
			}
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return false
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			return fromBody(info, body, sel.X, pos, depth+1)
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		var rhs ast.Expr
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil || n.Pos() >= pos {
				return false
			}
			if as, ok := n.(*ast.AssignStmt); ok && as.End() <= pos {
				for i, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
						switch {
						case len(as.Rhs) == len(as.Lhs):
							rhs = as.Rhs[i]
						case len(as.Rhs) == 1:
							rhs = as.Rhs[0]
						}
					}
				}
			}
			return true
		})
		return rhs != nil && fromBody(info, body, rhs, rhs.Pos(), depth+1)
	}
	return false
}

// bodyDecode is the first call in body, outside function literals, that
// decodes the request's body (decodesBody) and that keep accepts, or nil.
func bodyDecode(info *types.Info, body *ast.BlockStmt, keep func(*ast.CallExpr) bool) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && keep(call) && decodesBody(info, body, call, 0) {
			found = call
		}
		return found == nil
	})
	return found
}
