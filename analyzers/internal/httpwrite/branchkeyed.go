package httpwrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// A writer may pick its status by branching on the code it is given and
// writing in each branch (if code == CodeUnauthorized { send(w, 401, resp)
// } else { send(w, 200, resp) }): two answers, each with a constant
// status, one reached for each code. branchKeyed tabulates which is
// reached, by the same evaluation as keyedStatus, so that a call giving
// the code as a constant answers that code's status (-32700 with 200
// above).

// branchKeyed returns the parameter (1-based) that picks which of the
// answers the helper decl writes, and the table of their statuses
// ("k:status,...,*:status"), or 0 when the answers are not chosen so:
// every answer must be a call statement with a constant status, and the
// evaluation for every key the helper names, and for any other, must
// reach exactly one of them. The parameter must be the code of the error
// object the helper builds (an object literal's code member).
func branchKeyed(info *types.Info, decl *ast.FuncDecl, sig *types.Signature, answers []*Write, idx *pkgIndex) (int, string) {
	at := map[ast.Stmt]int{}
	for _, w := range answers {
		if w.Status < 100 || w.Status > 599 {
			return 0, ""
		}
		if w.StatusExpr != nil {
			if _, ok := IntConst(info, w.StatusExpr); !ok {
				return 0, ""
			}
		}
		var st ast.Stmt
		for i := len(w.Stack) - 1; i >= 0; i-- {
			if es, ok := w.Stack[i].(*ast.ExprStmt); ok {
				st = es
				break
			}
		}
		if st == nil {
			return 0, ""
		}
		at[st] = w.Status
	}
	keys := tableKeys(info, decl, idx, 0)
	if len(keys) == 0 {
		return 0, ""
	}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if !isInteger(p.Type()) || !codeMemberOf(info, decl, p) {
			continue
		}
		k := keyRef{param: p}
		run := func(kv int64, other bool) (int, bool) {
			e := &keyEval{info: info, idx: idx, key: k, kv: kv, other: other, vars: map[*types.Var]kval{}, answers: at}
			if _, returned, ok := e.exec(decl.Body.List, nil); !ok || !returned || e.reached == 0 {
				return 0, false
			}
			return e.reached, true
		}
		if table := statusTable(keys, run, true); table != "" {
			return i + 1, table
		}
		return 0, ""
	}
	return 0, ""
}

// codeMemberOf reports whether decl builds an object literal whose code
// member is the parameter p (&RPCError{Code: code, ...}).
func codeMemberOf(info *types.Info, decl *ast.FuncDecl, p *types.Var) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok || found {
			return !found
		}
		key, ok := kv.Key.(*ast.Ident)
		val, ok2 := ast.Unparen(kv.Value).(*ast.Ident)
		if ok && ok2 && strings.EqualFold(key.Name, "code") && info.Uses[val] == p {
			found = true
		}
		return !found
	})
	return found
}
