package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// picksKind reports a term of a condition that, holding with the value the
// branch knows, picks one kind of error out of those a call returns:
// errors.Is or errors.As, or the error compared with a sentinel (a
// package-level error variable) by == (or != known false). A sentinel is
// the callee's own word for one condition (the record the client named
// does not exist, a default that cannot be deleted): the answer under the
// test is about that condition, not about where the call's other errors
// come from, exactly as under errors.Is.
func picksKind(info *types.Info, t httpwrite.Term) bool {
	switch e := ast.Unparen(t.E).(type) {
	case *ast.CallExpr:
		if !t.Truth {
			return false
		}
		fn := httpwrite.Callee(info, e)
		return (httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Is") || httpwrite.IsFunc(fn, httpwrite.PkgErrors, "As")) && len(e.Args) == 2
	case *ast.BinaryExpr:
		if !(e.Op == token.EQL && t.Truth || e.Op == token.NEQ && !t.Truth) {
			return false
		}
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		return errorLike(info.TypeOf(x)) && isSentinel(info, y) || errorLike(info.TypeOf(y)) && isSentinel(info, x)
	}
	return false
}

// isSentinel reports a package-level variable of an error type, of this
// package or another (ErrNotFound, store.ErrNotFound, io.EOF).
func isSentinel(info *types.Info, e ast.Expr) bool {
	id := httpwrite.NameOf(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	return types.Implements(v.Type(), errorIface)
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// caseOfKind reports a case clause (stack[i]) that picks kinds of errors:
// a clause of a switch on an error listing sentinels (switch err { case
// ErrNotFound: }), or of a tagless switch whose every expression picks one
// (case err == ErrNotFound:, case errors.Is(err, ErrGone):).
func caseOfKind(info *types.Info, stack []ast.Node, i int) bool {
	cc, ok := stack[i].(*ast.CaseClause)
	if !ok || len(cc.List) == 0 || i < 2 {
		return false
	}
	sw, ok := stack[i-2].(*ast.SwitchStmt)
	if !ok {
		return false
	}
	for _, e := range cc.List {
		if sw.Tag != nil {
			if !errorLike(info.TypeOf(sw.Tag)) || !isSentinel(info, e) {
				return false
			}
		} else if !picksKind(info, httpwrite.Term{E: e, Truth: true}) {
			return false
		}
	}
	return true
}

// excludedBefore reports an answer that an earlier statement of an
// enclosing block narrowed to one kind of error by returning for every
// other: if err != ErrGone { ...; return } (or if !errors.Is(err, ErrGone))
// before it, or told one kind apart and answered it there: if _, ok :=
// err.(clientError); ok { ...; return }.
func excludedBefore(info *types.Info, stack []ast.Node) bool {
	for ifs := range httpwrite.EarlierIfs(stack) {
		if ifs.Else != nil || !httpwrite.EndsInReturn(ifs.Body) {
			continue
		}
		if assertsError(info, ifs) {
			return true
		}
		for _, t := range httpwrite.Terms(ifs.Cond, false) {
			if picksKind(info, t) {
				return true
			}
		}
	}
	return false
}

// kindPicked reports an answer that the code around it has narrowed to one
// kind of error (sortedByKind, or an enclosing if picking one, an asserted
// error type among them: if e, ok := err.(*T); ok picks T's errors as
// errors.As would): the error it names in its message is that kind,
// whatever the call it came from.
func kindPicked(info *types.Info, stack []ast.Node) bool {
	if sortedByKind(info, stack) {
		return true
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		if assertedKind(info, ifs, inThen) {
			return true
		}
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			if picksKind(info, t) {
				return true
			}
		}
	}
	return false
}

// assertsError reports an if whose init or condition asserts an error's
// dynamic type (if _, ok := err.(clientError); ok).
func assertsError(info *types.Info, ifs *ast.IfStmt) bool {
	found := false
	for _, n := range []ast.Node{ifs.Init, ifs.Cond} {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if ta, ok := n.(*ast.TypeAssertExpr); ok && ta.Type != nil && errorLike(info.TypeOf(ta.X)) {
				found = true
			}
			_, isLit := n.(*ast.FuncLit)
			return !found && !isLit
		})
	}
	return found
}

// assertedKind reports a branch of an if that runs only for errors of one
// dynamic type: the if's init asserts an error's type with comma-ok (e, ok
// := err.(*T)) and ok is true in the branch (the then branch of if ok, or
// ok && more; the else branch of if !ok).
func assertedKind(info *types.Info, ifs *ast.IfStmt, inThen bool) bool {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return false
	}
	ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil || !errorLike(info.TypeOf(ta.X)) {
		return false
	}
	okID, _ := as.Lhs[1].(*ast.Ident)
	if okID == nil || okID.Name == "_" {
		return false
	}
	okVar := info.ObjectOf(okID)
	for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
		if id, ok := ast.Unparen(t.E).(*ast.Ident); ok && t.Truth && okVar != nil && info.Uses[id] == okVar {
			return true
		}
	}
	return false
}
