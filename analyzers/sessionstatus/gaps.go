package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Categories of the findings that read more than the condition an answer is
// given under.
const (
	catUnlisted = "unlisted-session-error"      // a session sentinel not told apart from the call's other errors
	catUntested = "missing-session-id-untested" // a missing id reaches a lookup answered 404
)

// pkgInfo is what the checks below need of the whole package.
type pkgInfo struct {
	decls map[*types.Func]*ast.FuncDecl
	// missing400 is that the package answers a request without
	// Mcp-Session-Id 400 somewhere: it tells a missing id from an
	// unknown one, so a path that does not is a slip, not a design.
	missing400 bool
	// refusesIDs is that it answers a missing id 400 or an unknown one
	// 404 somewhere: it means sessions to be required.
	refusesIDs bool
	// ext is what facts tell of other packages' functions.
	ext *getOrCreateResult
	// issues is 1 when the package hands out session ids, -1 when not, 0
	// until asked (issuesIDs).
	issues int
	sum    *answers.Result
	// middleware is 1 when a function of the package reads the id and
	// hands the request on, -1 when none does, 0 until asked
	// (idMiddleware).
	middleware int
	// neverReported is that a rule about ids never required or never
	// looked up reported the package (idsNeverChecked then does not).
	neverReported bool
	// kinds serves helperReturns: each helper's returns, read once.
	kinds map[*types.Func]*returnKinds
	// later finds where an error object built with no status is
	// written (check); made when first asked.
	later *httpwrite.Later
}

func newPkgInfo(pass *analysis.Pass, sum *answers.Result, ext *getOrCreateResult) *pkgInfo {
	p := &pkgInfo{decls: map[*types.Func]*ast.FuncDecl{}, ext: ext, sum: sum}
	for _, n := range sum.Funcs {
		if fd, ok := n.(*ast.FuncDecl); ok {
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				p.decls[fn] = fd
			}
		}
	}
	for _, as := range sum.Answers {
		for _, a := range as {
			if a.HasSession && a.Session.Kind == session.Missing && a.Status == 400 {
				p.missing400 = true
			}
			if a.HasSession && !a.Session.AlsoMissing && (a.Session.Kind == session.Unknown || a.Session.Kind == session.LookupErr) && a.Status == 404 {
				p.refusesIDs = true
			}
		}
	}
	p.refusesIDs = p.refusesIDs || p.missing400
	return p
}

// untested reports an unknown-session answer (404, right for an id not in
// the store) that a request with no Mcp-Session-Id at all reaches too: the
// id goes from the header to the lookup untested, so a missing id is
// answered 404 and its client re-initializes in a loop instead of learning
// its request is malformed (400). Judged only in a package that answers a
// missing id 400 elsewhere or hands out the ids itself (its answers set
// Mcp-Session-Id, so it requires them: the lookup's map holds only ids it
// minted, never ""), and only for lookups, not validators (see
// session.Scan.Unguarded).
func untested(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	if scan == nil || a.Status != 404 || !(p.missing400 || p.issuesIDs(pass)) || !scan.Unguarded(a.Session, p.decls) {
		return
	}
	// Without the package's own 400 to show it tells the two apart, a
	// helper of the package given the id may resolve or mint a session
	// for an empty one (and never fail there): only a map, sync.Map or
	// store lookup is judged.
	if !p.missing400 && scan.OwnCallLookup(a.Session, p.decls) {
		return
	}
	// if _, ok := m[id]; id != "" && !ok: the answer's own test takes
	// the missing id out, whatever the lookup was handed before it; so
	// does an earlier case of a tagless switch (case id == "": ...; case
	// !ok: ...).
	takesOut := func(t httpwrite.Term) bool {
		return t.Truth && scan.PresentIDTest(t.E) != nil || !t.Truth && scan.EmptyIDTest(t.E) != nil
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(a.Stack) {
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			if takesOut(t) {
				return
			}
		}
	}
	for t := range httpwrite.CaseTerms(a.Stack) {
		if takesOut(t) {
			return
		}
	}
	d := analysis.Diagnostic{
		Pos: a.Node.Pos(), End: a.Node.End(), Category: catUntested,
		Message: fmt.Sprintf("answers 404 also to a request without Mcp-Session-Id, which reaches %s untested: answer that 400", a.Session.What),
		Related: []analysis.RelatedInformation{{Pos: a.Session.Pos, Message: "the lookup an empty id reaches: " + a.Session.What}},
	}
	report.Report(pass, d)
}

// unlisted reports a 4xx other than 404 given to the errors of a call that
// is given the session id, after the function has told one of its session
// sentinels apart and answered it 404 (if errors.Is(err, ErrSessionClosed)),
// when the package declaring that sentinel declares another named for a
// refused session that this function never tests (ErrLackSession): that
// one, an id never issued, falls through to the 4xx.
func unlisted(pass *analysis.Pass, fn ast.Node, scan *session.Scan, fnAnswers []*answers.Answer, a *answers.Answer) {
	w := a.Write
	if a.HasSession || scan == nil || w.Status < 400 || w.Status >= 500 || w.Status == 404 {
		return
	}
	info := pass.TypesInfo
	// Climb from the answer to the `if err != nil` around it, through
	// the else branches of sentinel tests (if errors.Is(err, A) {...}
	// else {answer}).
	var errIf *ast.IfStmt
	var errID *ast.Ident
	var elseOf []*ast.IfStmt
	var inBody ast.Node // errIf.Body's statement holding the answer
	stack := w.Stack
climb:
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ExprStmt, *ast.ReturnStmt, *ast.BlockStmt:
		case *ast.IfStmt:
			switch stack[i+1] {
			case n.Else:
				elseOf = append(elseOf, n)
			case n.Body:
				errID = errNotNil(info, n.Cond)
				if errID == nil {
					return
				}
				errIf = n
				if i+2 < len(stack) {
					inBody = stack[i+2]
				}
				break climb
			default:
				return
			}
		default:
			return
		}
	}
	if errIf == nil || inBody == nil {
		return
	}
	v, _ := info.Uses[errID].(*types.Var)
	if v == nil {
		return
	}
	call := scan.CallOf(errID)
	if call == nil || !scan.TakesID(call) && !session.TakesRequest(info, call) {
		return
	}
	// An earlier answer about the session (the id looked up and refused
	// before this call) means the call's session errors may be only the
	// ones it tests.
	for _, o := range fnAnswers {
		if o.HasSession && o.Node.Pos() < call.Pos() {
			return
		}
	}

	type branch struct {
		sentinel *types.Var
		test     ast.Expr
		body     *ast.BlockStmt
	}
	var tested []branch
	add := func(ifs *ast.IfStmt) bool {
		for _, t := range httpwrite.Terms(ifs.Cond, false) {
			s := scan.SentinelTest(t.E, v)
			if t.Truth || s == nil {
				return false
			}
			tested = append(tested, branch{s, t.E, ifs.Body})
		}
		return true
	}
	for _, ifs := range elseOf {
		if ifs.Init != nil || !add(ifs) {
			return
		}
	}
	for _, st := range errIf.Body.List {
		if st == inBody {
			break
		}
		if !httpwrite.Mentions(info, st, v) {
			continue
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || !httpwrite.EndsInReturn(ifs.Body) || !add(ifs) {
			return
		}
	}

	// One sentinel named for a refused session is answered 404: the
	// function knows the call reports session refusals.
	var known *branch
	for i, b := range tested {
		if session.RefusalSentinel(b.sentinel) && answers404(fnAnswers, b.body) {
			known = &tested[i]
			break
		}
	}
	if known == nil {
		return
	}
	isTested := func(s *types.Var) bool {
		for _, b := range tested {
			if b.sentinel == s {
				return true
			}
		}
		return false
	}
	body := httpwrite.Body(fn)
	scope := known.sentinel.Pkg().Scope()
	for _, name := range scope.Names() {
		other, _ := scope.Lookup(name).(*types.Var)
		if other == nil || other == known.sentinel || !session.RefusalSentinel(other) || isTested(other) {
			continue
		}
		if body != nil && httpwrite.Mentions(info, body, other) {
			continue
		}
		d := analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catUnlisted,
			Message: fmt.Sprintf("answers %d to every %s(...) error but %s, so to %s too: answer that 404",
				w.Status, types.ExprString(call.Fun), qualified(pass.Pkg, known.sentinel), qualified(pass.Pkg, other)),
			Related: []analysis.RelatedInformation{
				{Pos: known.test.Pos(), Message: qualified(pass.Pkg, known.sentinel) + " is told apart and answered 404"},
				{Pos: other.Pos(), Message: qualified(pass.Pkg, other) + " is not"},
			},
		}
		report.Report(pass, d)
		return
	}
}

// errNotNil is err of a condition that is err != nil (alone or in a
// conjunction), or nil.
func errNotNil(info *types.Info, cond ast.Expr) *ast.Ident {
	for _, t := range httpwrite.Terms(cond, true) {
		b, ok := t.E.(*ast.BinaryExpr)
		if !ok || (b.Op == token.NEQ) != t.Truth || (b.Op != token.NEQ && b.Op != token.EQL) {
			continue
		}
		x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
		if isNil(info, x) {
			x, y = y, x
		}
		id, ok := x.(*ast.Ident)
		if !ok || !isNil(info, y) || !httpwrite.IsErrorType(info.TypeOf(id)) {
			continue
		}
		return id
	}
	return nil
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// answers404 reports whether one of as, inside body, answers 404.
func answers404(as []*answers.Answer, body ast.Node) bool {
	for _, a := range as {
		if a.Status == 404 && body.Pos() <= a.Node.Pos() && a.Node.End() <= body.End() {
			return true
		}
	}
	return false
}

func qualified(from *types.Package, v *types.Var) string {
	if v.Pkg() == from {
		return v.Name()
	}
	return v.Pkg().Name() + "." + v.Name()
}

// catOnlyRefusal: a call whose only error is a session refusal, answered
// other than 404.
const catOnlyRefusal = "session-refusal-only"

// failedCall returns the call whose error the innermost if around the
// answer at the end of stack tests (if err != nil { answer }), when it is
// given the session id or the request and is a function or a method of a
// concrete type of this package, whose body can be read.
func failedCall(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, stack []ast.Node) (*ast.CallExpr, *types.Func) {
	info := pass.TypesInfo
	var errID *ast.Ident
climb:
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ExprStmt, *ast.ReturnStmt, *ast.BlockStmt:
		case *ast.IfStmt:
			if stack[i+1] != n.Body {
				return nil, nil
			}
			errID = errNotNil(info, n.Cond)
			break climb
		default:
			return nil, nil
		}
	}
	if errID == nil {
		return nil, nil
	}
	call := scan.CallOf(errID)
	if call == nil || !scan.TakesID(call) && !session.TakesRequest(info, call) {
		return nil, nil
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() != pass.Pkg && p.foreignKinds(fn.Origin()) == nil {
		// A function of another package is read through its kindsFact.
		return nil, nil
	}
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return nil, nil
	}
	return call, fn.Origin()
}

// onlyRefusal reports an answer other than 404 to the failure of a call
// given the session id whose every error is a sentinel named for a refused
// session (return ErrNoSuchSession when the id is not in its map, nil
// otherwise): err != nil there means the session is unknown. The callee
// must be a function or a method of a concrete type of this package, whose
// body is read; a call through an interface is not judged, since its
// implementations may live anywhere.
func onlyRefusal(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if a.HasSession || scan == nil || w.Status < 400 || w.Status == 404 {
		return
	}
	info := pass.TypesInfo
	call, fn := failedCall(pass, p, scan, w.Stack)
	if call == nil {
		return
	}
	refusal, mixed := p.onlyRefusal(info, fn, 0)
	if refusal == nil {
		return
	}
	if mixed {
		// The call also fails for other reasons about the session (a
		// missing id, rightly 400): the answer is wrong for the refusal
		// only, unless the caller tells it apart, and a server failure
		// status is not judged. No fix: the status is right for the rest.
		if w.Status >= 500 || httpwrite.Mentions(info, scan.Body, refusal) {
			return
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catOnlyRefusal,
			Message: fmt.Sprintf("answers %d to every error of %s(...), %s (an unknown session) too: answer that one 404",
				w.Status, types.ExprString(call.Fun), qualified(pass.Pkg, refusal)),
			Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the call that returns " + qualified(pass.Pkg, refusal)}},
		})
		return
	}
	d := analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catOnlyRefusal,
		Message: fmt.Sprintf("answers %d when %s(...) fails, and its only error is %s, an unknown session: answer 404",
			w.Status, types.ExprString(call.Fun), qualified(pass.Pkg, refusal)),
		Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the call whose every error is " + qualified(pass.Pkg, refusal)}},
	}
	if e := httpwrite.ConstEdit(info, w.StatusExpr, "404", "http.StatusNotFound"); e != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "answer 404", TextEdits: []analysis.TextEdit{*e}}}
	}
	report.Report(pass, d)
}

// onlyRefusal returns the refusal sentinel that is fn's only error, or nil:
// fn's last result is an error, and every return gives it nil, a refusal
// sentinel, or the result of a call of such a function of the package (one
// sentinel in all). mixed is that fn also returns other package-level
// sentinels named for the session (errNoSession for a missing id) beside
// the one refusal.
func (p *pkgInfo) onlyRefusal(info *types.Info, fn *types.Func, depth int) (refusal *types.Var, mixed bool) {
	decl := p.decls[fn]
	if decl == nil || decl.Body == nil || depth > 3 {
		return nil, false
	}
	// A bare return of named results, or a call returning them all, is
	// not read (EachErrorReturn reports false).
	var only *types.Var
	ok := httpwrite.EachErrorReturn(fn, decl.Body, func(e ast.Expr) bool {
		var s *types.Var
		switch {
		case isNil(info, e):
			return true
		case session.SentinelRef(info, e) != nil:
			s = session.SentinelRef(info, e)
			if !session.RefusalSentinel(s) {
				if session.SessionSentinel(s) {
					mixed = true
					return true
				}
				return false
			}
		default:
			c, isCall := e.(*ast.CallExpr)
			if !isCall {
				return false
			}
			callee := httpwrite.Callee(info, c)
			if callee == nil || callee.Pkg() != fn.Pkg() {
				return false
			}
			var m bool
			if s, m = p.onlyRefusal(info, callee.Origin(), depth+1); s == nil {
				return false
			}
			mixed = mixed || m
		}
		if only != nil && only != s {
			return false
		}
		only = s
		return true
	})
	if !ok {
		return nil, false
	}
	return only, mixed
}
