package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// -32700 says the request's bytes are not JSON. Two answers claim it where
// the bytes were never in question: one under a test of a message that
// already decoded (its members are JSON that is not a valid request:
// -32600), and one under the error of a call that is handed no bytes of
// the request at all (an upstream, a backend, a tool given members that
// already parsed): that error is the server's or the upstream's, whatever
// it says.

// decodedMemberTest returns the test the -32700 answer w is directly
// under when that test reads only members of a value the request's body
// decoded into before it (if req.JSONRPC != "2.0" || req.Method == ""),
// and tests no error; nil otherwise.
func decodedMemberTest(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write) *ast.IfStmt {
	// Only the innermost if decides: the loop's body returns on its first
	// turn.
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		if !inThen || ifs.Init != nil {
			return nil
		}
		targets := decodeTargets(info, body, ifs.Pos())
		if len(targets) == 0 {
			return nil
		}
		members, other := 0, false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				// len(req.Method) is a test of a member; any other
				// call may fail on anything.
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); !ok || id.Name != "len" || info.Uses[id] != types.Universe.Lookup("len") {
					other = true
				}
			case *ast.SelectorExpr:
				if v := rootVar(info, n); v != nil && targets[v] {
					members++
					return false
				}
				if _, ok := info.Uses[n.Sel].(*types.Var); ok {
					other = true
				}
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && !targets[v] {
					other = true
				}
				if t := info.TypeOf(n); t != nil && httpwrite.IsErrorType(t) {
					other = true
				}
			}
			return !other
		})
		if other || members == 0 {
			return nil
		}
		return ifs
	}
	return nil
}

// rootVar is the variable a selector chain starts at (req in req.Params.X).
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// decodeTargets are the variables the request's body was decoded into
// before pos: &v handed to json.Unmarshal of the body's bytes, to a
// Decoder over it, or to a framework's binder.
func decodeTargets(info *types.Info, body *ast.BlockStmt, pos token.Pos) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || n == nil || n.Pos() >= pos {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !decodesBody(info, body, call, 0) {
			return true
		}
		for _, a := range call.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// bytelessCall returns the call whose error the -32700 answer w reports
// when no argument of it can carry the request's bytes (the body, bytes or
// text read from it, a reader, the request, a framework's context): it is
// handed members that already parsed (req.Method, req.Params) or values
// of the server's, and a call named for decoding or reading is not one.
// Nil when the answer reports no such call, or any of its errors' origins
// is known (a decode, a read, the server's own: other rules judge those).
func bytelessCall(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write) *ast.CallExpr {
	calls := failedCalls(info, body, w)
	if len(calls) != 1 || calls[0].call == nil {
		return nil
	}
	call := calls[0].call
	callee := httpwrite.Callee(info, call)
	if callee == nil {
		return nil
	}
	name := strings.ToLower(callee.Name())
	for _, w := range []string{"decode", "unmarshal", "parse", "read", "bind", "scan", "json", "valid", "load", "body"} {
		if strings.Contains(name, w) {
			return nil
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && mayCarryBytes(info, sel.X, true) {
		return nil
	}
	for _, a := range call.Args {
		if mayCarryBytes(info, a, false) {
			return nil
		}
	}
	return call
}

// mayCarryBytes reports whether e may hold the request's bytes: a value
// of type []byte, string, io.Reader, *http.Request or a framework's
// context, or json.RawMessage, unless e is a member of a struct value
// (req.Method, req.Params: a member of a message that already decoded).
// recv is true for a call's receiver, where only a reader or a request
// counts.
func mayCarryBytes(info *types.Info, e ast.Expr, recv bool) bool {
	t := info.TypeOf(e)
	if t == nil {
		return true
	}
	if httpwrite.IsNamed(derefType(t), httpwrite.PkgHTTP, "Request") || httpwrite.IsFrameworkContext(t) || implementsReader(t) {
		return true
	}
	if recv {
		return false
	}
	if _, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if v := rootVar(info, e); v != nil && !v.IsField() {
			if _, isStruct := derefType(v.Type()).Underlying().(*types.Struct); isStruct {
				return false
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	}
	return false
}

// implementsReader reports a type with a Read([]byte) (int, error) method.
func implementsReader(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 2
}
