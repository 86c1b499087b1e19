package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// catReplaced: an unknown id given a fresh session instead of 404.
const catReplaced = "unknown-session-replaced"

// replacedUnknown reports, in a package that hands out session ids, a
// lookup of a value that may be the request's Mcp-Session-Id whose hit
// returns (the session found is the one used) and whose miss goes on, in
// the same block, to hand out a fresh id (Mcp-Session-Id set on the
// answer to a value the function makes) with nothing refused or returned
// between. An id the server does not know is then served under a new
// session. The protocol answers it 404: that tells the client its session
// is gone and that it must initialize again, where a replacement silently
// drops what the client holds for its session (the negotiated revision,
// subscriptions, a stream it resumes).
//
// The lookup is a read of a string-keyed map, a sync.Map Load, or a
// method of a type of the package given the id alone and answering a
// pointer or (T, bool). In a helper, the key is a parameter that every
// call in the package gives a value that may be the request's id, and one
// of those calls is outside an initialize branch: a get-or-create that
// only initialize calls is how a server mints its sessions.
func replacedUnknown(pass *analysis.Pass, sum *answers.Result) {
	info := pass.TypesInfo
	type cand struct {
		fn    ast.Node
		l     *lookup
		issue *ast.CallExpr
	}
	var cands []cand
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		body := httpwrite.Body(n)
		walk(body, func(x ast.Node, path []ast.Node) {
			_, block, at, l := hitReturns(info, pass.Pkg, x, path)
			if l == nil {
				return
			}
			l.path = append([]ast.Node(nil), path...)
			if issue := freshAfter(info, body, block.List[at+1:], sum.Answers[n], l); issue != nil {
				cands = append(cands, cand{n, l, issue})
			}
		})
		walk(body, func(x ast.Node, path []ast.Node) {
			if l, issue := missReplaced(info, pass.Pkg, body, x, path, sum.Answers[n]); l != nil {
				cands = append(cands, cand{n, l, issue})
			}
		})
	}
	if len(cands) == 0 {
		return
	}
	var sites []callSite
	sitesRead := false
	for _, c := range cands {
		scans := scansOf(pass, sum, map[ast.Node]bool{c.fn: true})
		s := scans[c.fn]
		var from []callSite
		switch {
		case s != nil && s.MayHoldLocalID(c.l.key):
			if s.InitializeBranch(c.l.path) {
				continue
			}
		default:
			if !sitesRead {
				sites = callSites(pass, sum, func(fn *types.Func, _ *ast.CallExpr) bool { return fn.Pkg() == pass.Pkg })
				sitesRead = true
			}
			from = paramFromRequest(pass, sum, c.fn, c.l.key, sites)
			if from == nil {
				continue
			}
		}
		d := analysis.Diagnostic{
			Pos: c.l.stmt.Pos(), End: c.l.stmt.End(), Category: catReplaced,
			Message: "an unknown Mcp-Session-Id is given a fresh session and served: answer 404 so the client initializes again (400 with no id)",
			Related: []analysis.RelatedInformation{{Pos: c.issue.Pos(), End: c.issue.End(), Message: "a fresh session id is handed out here instead"}},
		}
		for _, cs := range from {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: cs.call.Pos(), End: cs.call.End(), Message: "the request's id reaches the lookup from here"})
		}
		report.Report(pass, d)
	}
}

// hitReturns reads x, at the end of path, as an if without an else that
// tests for a hit of the lookup assigned in its init or by the statement
// before it, and returns: the if, its block, its index there and the
// lookup; a nil lookup otherwise.
func hitReturns(info *types.Info, pkg *types.Package, x ast.Node, path []ast.Node) (*ast.IfStmt, *ast.BlockStmt, int, *lookup) {
	ifs, ok := x.(*ast.IfStmt)
	if !ok || ifs.Else != nil || !httpwrite.EndsInReturn(ifs.Body) || len(path) < 2 {
		return nil, nil, 0, nil
	}
	block, ok := path[len(path)-2].(*ast.BlockStmt)
	if !ok {
		return nil, nil, 0, nil
	}
	at := indexOf(block.List, ifs)
	a, _ := ifs.Init.(*ast.AssignStmt)
	if a == nil && at > 0 {
		a, _ = block.List[at-1].(*ast.AssignStmt)
	}
	if a == nil {
		return nil, nil, 0, nil
	}
	l := idLookup(info, pkg, a)
	if l == nil || !hitTest(info, ifs.Cond, l) {
		return nil, nil, 0, nil
	}
	return ifs, block, at, l
}

// idLookup reads a as a lookup keyed by a plain variable: v, ok := m[k]
// or v := m[k] on a string-keyed map of pointers, v, ok := m.Load(k) on a
// sync.Map, or v := x.M(k) / v, ok := x.M(k) on a method of a type of the
// package given one string and answering a pointer or (T, bool); nil
// otherwise. found is nil for a single result.
func idLookup(info *types.Info, pkg *types.Package, a *ast.AssignStmt) *lookup {
	if len(a.Rhs) != 1 || len(a.Lhs) < 1 || len(a.Lhs) > 2 {
		return nil
	}
	var key *ast.Ident
	switch r := ast.Unparen(a.Rhs[0]).(type) {
	case *ast.IndexExpr:
		m, k := mapKey(info, r)
		if m == "" || len(a.Lhs) == 1 && !isPointer(info.TypeOf(r)) {
			return nil
		}
		key = k
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, r)
		switch {
		case fn == nil:
			return nil
		case httpwrite.IsMethod(fn, "sync", "Map", "Load"):
			if len(a.Lhs) != 2 || len(r.Args) != 1 {
				return nil
			}
			key, _ = ast.Unparen(r.Args[0]).(*ast.Ident)
		case fn.Pkg() == pkg && len(r.Args) == 1:
			// A single result must be a pointer: a lone error would
			// read "!= nil" as a failure, not a hit.
			sig := fn.Type().(*types.Signature)
			single := len(a.Lhs) == 1 && sig.Recv() != nil && sig.Results().Len() == 1 && isPointer(sig.Results().At(0).Type())
			if !single && (len(a.Lhs) != 2 || !storeLookup(pkg, fn)) {
				return nil
			}
			key = stringArg(info, r)
		default:
			return nil
		}
	default:
		return nil
	}
	if key == nil || !isVar(info, key) {
		return nil
	}
	l := &lookup{stmt: a, key: key, vars: map[*types.Var]bool{}}
	for i, e := range a.Lhs {
		id, ok := e.(*ast.Ident)
		if !ok {
			continue
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil {
			continue
		}
		l.vars[v] = true
		if i == 0 {
			l.value = v
		} else {
			l.found = v
		}
	}
	return l
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// hitTest reports whether cond holds only when lookup l found its entry:
// foundOnly's ok or v != nil, or a conjunction with one of them.
func hitTest(info *types.Info, cond ast.Expr, l *lookup) bool {
	if e, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && e.Op == token.LAND {
		return hitTest(info, e.X, l) || hitTest(info, e.Y, l)
	}
	return foundOnly(info, cond, l)
}

// freshAfter returns the call among stmts, a statement of their own, that
// hands out a session id the function makes (not one read from a message,
// nor the key or the value of lookup l), when no statement before it
// returns, branches or answers with a status other than 2xx.
func freshAfter(info *types.Info, body *ast.BlockStmt, stmts []ast.Stmt, as []*answers.Answer, l *lookup) *ast.CallExpr {
	key, _ := info.Uses[l.key].(*types.Var)
	for _, st := range stmts {
		if es, ok := st.(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && issuesID(info, body, c) && !httpwrite.Mentions(info, c.Args[1], key) && (l.value == nil || !httpwrite.Mentions(info, c.Args[1], l.value)) {
				if refusedWithin(as, st.Pos(), c.Pos()) {
					return nil
				}
				return c
			}
		}
		if hasExit(st) || refusedWithin(as, st.Pos(), st.End()) {
			return nil
		}
	}
	return nil
}

// refusedWithin reports an answer of a status other than 2xx (or an
// unknown one) written between from and to.
func refusedWithin(as []*answers.Answer, from, to token.Pos) bool {
	for _, a := range as {
		if p := a.Node.Pos(); p >= from && p < to && !(a.Status >= 200 && a.Status < 300) {
			return true
		}
	}
	return false
}

// paramFromRequest returns the calls of function fn (a declaration of the
// package) when key is one of its parameters and every call gives it a
// value that may be the request's id, at least one of them outside an
// initialize branch; nil otherwise.
func paramFromRequest(pass *analysis.Pass, sum *answers.Result, fn ast.Node, key *ast.Ident, sites []callSite) []callSite {
	info := pass.TypesInfo
	f := funcOf(info, fn)
	if f == nil {
		return nil
	}
	sig := f.Type().(*types.Signature)
	idx := -1
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == info.Uses[key] {
			idx = i
		}
	}
	if idx < 0 || sig.Variadic() && idx == sig.Params().Len()-1 {
		return nil
	}
	var mine []callSite
	need := map[ast.Node]bool{}
	for _, cs := range sites {
		if cs.fnc.Origin() == f && idx < len(cs.call.Args) {
			mine = append(mine, cs)
			need[cs.fn] = true
		}
	}
	if len(mine) == 0 {
		return nil
	}
	scans := scansOf(pass, sum, need)
	outside := false
	for _, cs := range mine {
		s := scans[cs.fn]
		if s == nil || !s.MayHoldLocalID(cs.call.Args[idx]) {
			return nil
		}
		outside = outside || !s.InitializeBranch(cs.path)
	}
	if !outside {
		return nil
	}
	return mine
}

// missReplaced reads x, at the end of path, as the other way to replace an
// unknown id: the session variable a lookup of the id filled (perhaps only
// when the id is not empty) is tested for a miss by an if without an else
// that makes a fresh session in its place and goes on (if s == nil { s =
// sessions.Create() }), and the same block then hands out that variable's
// id, with nothing returned or refused from the lookup on. It returns the
// lookup, its path set to the if's, and the call handing out the id; nil
// otherwise.
func missReplaced(info *types.Info, pkg *types.Package, body *ast.BlockStmt, x ast.Node, path []ast.Node, as []*answers.Answer) (*lookup, *ast.CallExpr) {
	ifs, ok := x.(*ast.IfStmt)
	if !ok || ifs.Else != nil || ifs.Init != nil || hasExit(ifs.Body) || len(path) < 2 {
		return nil, nil
	}
	block, ok := path[len(path)-2].(*ast.BlockStmt)
	if !ok {
		return nil, nil
	}
	v := nilTested(info, ifs.Cond)
	if v == nil {
		return nil, nil
	}
	// The lookup: the last assignment of v before the if that is one.
	var l *lookup
	walk(body, func(n ast.Node, p []ast.Node) {
		a, ok := n.(*ast.AssignStmt)
		if !ok || a.Pos() >= ifs.Pos() {
			return
		}
		if cand := idLookup(info, pkg, a); cand != nil && cand.value == v {
			l = cand
			l.path = append([]ast.Node(nil), p...)
		}
	})
	if l == nil || exitsWithin(body, l.stmt.End(), ifs.Pos()) || refusedWithin(as, l.stmt.End(), ifs.Pos()) {
		return nil, nil
	}
	// What is judged is the replacement: an initialize branch holding it
	// is how a server mints, whatever id came with the initialize.
	l.path = append(append([]ast.Node(nil), path...), ifs)
	key, _ := info.Uses[l.key].(*types.Var)
	fresh := false
	for _, st := range ifs.Body.List {
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			continue
		}
		if id, ok := a.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) == v && !httpwrite.Mentions(info, a.Rhs[0], key) {
			switch r := ast.Unparen(a.Rhs[0]).(type) {
			case *ast.CallExpr:
				fresh = true
			case *ast.UnaryExpr:
				_, fresh = ast.Unparen(r.X).(*ast.CompositeLit)
			}
		}
	}
	if !fresh {
		return nil, nil
	}
	at := indexOf(block.List, ifs)
	for _, st := range block.List[at+1:] {
		if es, ok := st.(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && issuesID(info, body, c) && httpwrite.Mentions(info, c.Args[1], v) {
				if refusedWithin(as, st.Pos(), c.Pos()) {
					return nil, nil
				}
				return l, c
			}
		}
		if hasExit(st) || refusedWithin(as, st.Pos(), st.End()) {
			return nil, nil
		}
	}
	return nil, nil
}

// nilTested is the variable cond tests for nil (v == nil), or nil.
func nilTested(info *types.Info, cond ast.Expr) *types.Var {
	e, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || e.Op != token.EQL {
		return nil
	}
	x, y := e.X, e.Y
	if isNil(info, x) {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || !isNil(info, y) {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}
