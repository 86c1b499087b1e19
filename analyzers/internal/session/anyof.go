package session

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// anyOf is the session condition of a branch taken when any one of several
// terms holds: the then branch of `a || b`, the else branch of `a && b`.
// Every request meeting one term is given the branch's answer, so a term
// that tests the session decides what that answer must be for it, whatever
// the others say: `sess == nil || !sess.ready` answers every unknown id.
// The other terms must test the session too (its emptiness, a lookup, a
// field or method of the entry found): a branch also taken for an
// unrelated reason (`!ok || !authorized(r)`) says less about what it
// answers, and is not judged.
//
// A missing id among the terms (`id == "" || !ok`) is AlsoMissing on the
// other condition: no one answer is right for both. It is not when the way
// there has already refused or ruled out a missing id. A missing id alone
// with other tests of the entry is not judged either.
func (s *Scan) anyOf(stack []ast.Node, e ast.Expr, truth bool) (Cond, bool) {
	terms := disjuncts(e, truth)
	if len(terms) < 2 {
		return Cond{}, false
	}
	var main Cond
	found, missing := false, false
	for _, t := range terms {
		k, ok := s.test(t.E, t.Truth)
		switch {
		case ok && k.Kind == Missing:
			missing = true
		case ok:
			if !found {
				main, found = k, true
			}
		case !s.aboutEntry(t.E):
			return Cond{}, false
		}
	}
	if !found {
		return Cond{}, false
	}
	main.AlsoMissing = missing && !s.missingExcluded(stack)
	return main, true
}

// disjuncts splits e, having value truth in a branch, into the terms any
// one of which takes the branch: the disjuncts of a true ||, the conjuncts
// of a false &&, with a leading ! moved into Truth.
func disjuncts(e ast.Expr, truth bool) []httpwrite.Term {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return disjuncts(u.X, !truth)
	}
	if b, ok := e.(*ast.BinaryExpr); ok && (truth && b.Op == token.LOR || !truth && b.Op == token.LAND) {
		return append(disjuncts(b.X, truth), disjuncts(b.Y, truth)...)
	}
	return []httpwrite.Term{{E: e, Truth: truth}}
}

// aboutEntry reports whether e tests the session found by a lookup keyed
// by the id: it names a variable holding the lookup's result or its ok
// (`!sess.initialized`, `sess.Expired()`, `st.Owner != user`).
func (s *Scan) aboutEntry(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, _ := s.info.ObjectOf(n).(*types.Var); v != nil {
				switch s.at(v, n.Pos()).kind {
				case valueDef, foundDef:
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// missingExcluded reports whether the way to the last node of stack rules
// out a request without an id: an enclosing branch taken only when the id
// is there (`if id != ""`, the else of `if id == ""`), or an earlier if in
// an enclosing block that tests for no id and returns.
func (s *Scan) missingExcluded(stack []ast.Node) bool {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			if k, ok := s.test(t.E, !t.Truth); ok && k.Kind == Missing {
				return true
			}
		}
	}
	for ifs := range httpwrite.EarlierIfs(stack) {
		if !terminates(ifs.Body) {
			continue
		}
		for _, t := range disjuncts(ifs.Cond, true) {
			if k, ok := s.test(t.E, t.Truth); ok && k.Kind == Missing {
				return true
			}
		}
	}
	return false
}
