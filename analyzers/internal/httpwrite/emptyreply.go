package httpwrite

import (
	"go/ast"
	"go/types"
)

// emptyReplies returns the answers among ws that a writer of replies gives
// only to an empty reply: a success status with no body, in an if at the
// top of the function whose condition tests a parameter and whose branch
// returns (`if rep.Version == "" { w.WriteHeader(204); return }`, or an
// empty 200 for a notification). A JSON-RPC error travels in a body, so
// such a branch is never the answer to a code the caller hands in: for the
// caller, the writer writes the reply with the status it writes otherwise
// (none: HTTP 200).
func emptyReplies(info *types.Info, sig *types.Signature, decl *ast.FuncDecl, ws []*Write) map[ast.Node]bool {
	var out map[ast.Node]bool
	for _, w := range ws {
		if w.Kind != WriteHeader || w.Status < 200 || w.Status > 299 || len(w.Stack) < 4 {
			continue
		}
		// Stack: body, if, then-block, statement, ..., the call.
		ifs, ok := w.Stack[1].(*ast.IfStmt)
		if !ok || w.Stack[0] != decl.Body || w.Stack[2] != ifs.Body || ifs.Else != nil || ifs.Init != nil {
			continue
		}
		if !EndsInReturn(ifs.Body) || WritesBody(info, ifs.Body) || !testsParam(info, sig, ifs.Cond) {
			continue
		}
		if out == nil {
			out = map[ast.Node]bool{}
		}
		out[w.Node] = true
	}
	return out
}

// testsParam reports whether cond reads a parameter of sig that is not a
// response writer: what the caller hands in decides the branch.
func testsParam(info *types.Info, sig *types.Signature, cond ast.Expr) bool {
	param := ParamIndex(info, sig)
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && param(id) > 0 && !IsResponseWriter(info.TypeOf(id)) {
			found = true
		}
		return !found
	})
	return found
}
