package httpwrite

import (
	"go/ast"
	"go/types"
)

// emptyReplies returns the answers among ws that a writer of replies gives
// only to an empty reply: a success status with no body, in an if at the top of
// the function whose condition tests a parameter and whose branch returns
// (`if rep.Version == "" { w.WriteHeader(204); return }`, or an empty 200
// for a notification). A JSON-RPC error
// travels in a body, so such a branch is never the answer to a code the
// caller hands in: for the caller, the writer writes the reply with the
// status it writes otherwise (none: HTTP 200).
func emptyReplies(info *types.Info, sig *types.Signature, decl *ast.FuncDecl, ws []*Write) map[ast.Node]bool {
	var out map[ast.Node]bool
	for _, w := range ws {
		if w.Kind != WriteHeader || (w.Status < 200 || w.Status > 299) || len(w.Stack) < 4 {
			continue
		}
		// Stack: body, if, then-block, statement, ..., the call.
		ifs, ok := w.Stack[1].(*ast.IfStmt)
		if !ok || w.Stack[0] != decl.Body || w.Stack[2] != ifs.Body || ifs.Else != nil || ifs.Init != nil {
			continue
		}
		if !EndsInReturn(ifs.Body) || writesBody(info, ifs.Body) || !testsParam(info, sig, ifs.Cond) {
			continue
		}
		if out == nil {
			out = map[ast.Node]bool{}
		}
		out[w.Node] = true
	}
	return out
}

// writesBody reports a body written to any writer in n.
func writesBody(info *types.Info, n ast.Node) bool {
	return bodyWriteTo(info, n, func(ast.Expr) bool { return true })
}

// testsParam reports whether cond reads a parameter of sig that is not a
// response writer: what the caller hands in decides the branch.
func testsParam(info *types.Info, sig *types.Signature, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || IsResponseWriter(v.Type()) {
			return true
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == v {
				found = true
			}
		}
		return !found
	})
	return found
}
