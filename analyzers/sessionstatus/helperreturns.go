package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catHelperReturns: a helper that fails for a missing id and for an
// unknown one alike, its every failure answered with one status.
const catHelperReturns = "helper-merges-missing-and-unknown"

// returnKinds says, for a helper of the package, under which session
// condition it returns a non-nil error: the same reading of the id's tests
// that judges a handler's answers, applied to the helper's returns
// (if id == "" { return errors.New(...) } is a missing id; if !ok after a
// lookup keyed by it, an unknown one). at is the first such return of each
// kind.
type returnKinds struct {
	at map[session.Kind]token.Pos
	// other is that fn also returns a non-nil error under no session
	// condition, or one not built in place (another call's error).
	other bool
	// built is, for each kind, whether its first return is built with
	// errors.New or fmt.Errorf rather than named by a sentinel.
	built map[session.Kind]bool
	// answered is, for a kind whose return is in another package (read
	// from a kindsFact), whether the function there answers that refusal
	// itself before returning its error; a return of this package is
	// judged by pkgInfo.answeredBefore.
	answered map[session.Kind]bool
	// every is, for each kind, every return of it (at's first included),
	// in this function or in those it hands on: a finding names them all,
	// so that each place a fix goes is among its related positions.
	every map[session.Kind][]token.Pos
	// resolved is, for a function of another package (a kindsFact), its
	// successful returns for an empty id under each binding of its
	// flags (missingfact.go).
	resolved []resolvedCase
}

// alsoReturned is the related positions of the returns of kind after the
// first, which a finding names already.
func (k *returnKinds) alsoReturned(kind session.Kind, msg string) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	for _, at := range k.every[kind] {
		if at != k.at[kind] {
			rel = append(rel, analysis.RelatedInformation{Pos: at, Message: msg})
		}
	}
	return rel
}

// kindAnswered reports that the function k reads answers its refusal of
// kind itself before returning the error (http.Error(...); return err).
func (p *pkgInfo) kindAnswered(k *returnKinds, kind session.Kind) bool {
	if v, ok := k.answered[kind]; ok {
		return v
	}
	return p.answeredBefore(k.at[kind])
}

// helperReturns reports an answer to every error of a helper of this
// package (if err != nil { answer }) that is wrong for one of the kinds
// the helper returns: 404 when the helper also fails for a missing id
// (400 is due), another 4xx when it also fails for an unknown one (404 is
// due). A helper whose errors are named sentinels is onlyRefusal's.
func helperReturns(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if a.HasSession || scan == nil || w.Status < 400 || w.Status >= 500 {
		return // 5xx: goneMerged and missing5xx
	}
	info := pass.TypesInfo
	call, fn := failedCall(pass, p, scan, w.Stack)
	if call == nil {
		return
	}
	if r, _ := p.onlyRefusal(info, fn, 0); r != nil {
		return
	}
	k := p.returnKinds(pass, fn)
	if k == nil {
		return
	}
	name := types.ExprString(call.Fun)
	// A helper that also fails for another reason (a store not set up)
	// still answers each session kind with this one status: only the
	// unknown id's error alone needs the helper to fail for nothing else.
	if at, ok := k.at[session.Unknown]; ok && len(k.at) == 1 && !k.other && w.Status != 404 && !p.kindAnswered(k, session.Unknown) {
		// Its only error is the unknown id's: err != nil there says
		// the session is not in the table.
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
			Message: fmt.Sprintf("answers %d to the error of %s(...), the one it returns for an unknown Mcp-Session-Id: answer it 404", w.Status, name),
			Related: []analysis.RelatedInformation{{Pos: at, Message: "returned when the id is not in the table"}},
		})
		return
	}
	if len(k.at) < 2 {
		// A missing id's error alone: the other rules judge that.
		return
	}
	if w.Status == 404 {
		// Only when the missing id reaches the helper: the caller does not
		// test the id itself first.
		reaches := scan.UnguardedCall(call, p.decls) ||
			session.TakesRequest(info, call) && !scan.ReadsIDHeader(&ast.FuncDecl{Body: scan.Body})
		if at, ok := k.at[session.Missing]; ok && reaches {
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
				Message: fmt.Sprintf("answers 404 to every error of %s(...), also the one it returns for a request without Mcp-Session-Id: answer that one 400", name),
				Related: append([]analysis.RelatedInformation{{Pos: at, Message: "returned when the id is missing"}},
					k.alsoReturned(session.Missing, "also returned when the id is missing")...),
			})
		}
		return
	}
	if at, ok := k.at[session.Unknown]; ok {
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
			Message: fmt.Sprintf("answers %d to every error of %s(...), also the one it returns for an unknown Mcp-Session-Id: answer that one 404", w.Status, name),
			Related: append([]analysis.RelatedInformation{{Pos: at, Message: "returned when the id is not in the table"}},
				k.alsoReturned(session.Unknown, "also returned when the id is not in the table")...),
		})
	}
}

// missing5xx reports a 5xx answer to every error of a helper of this
// package that also fails for a request without Mcp-Session-Id: the
// client's fault, answered as the server's, so the client never learns to
// send the id (400) and may retry. The helper's other errors may be the
// server's; the answer is wrong for the session ones only, and the caller
// must tell them apart (errors.Is, a sentinel, a status the error
// carries), which silences the rule. goneMerged calls it, with what
// missingFails found, before judging the unknown id alone: when the
// helper fails for both, one finding names both.
func missing5xx(pass *analysis.Pass, a *answers.Answer, call *ast.CallExpr, k *returnKinds, at token.Pos) {
	w := a.Write
	name := types.ExprString(call.Fun)
	d := analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
		Message: fmt.Sprintf("answers %d to every error of %s(...), also the one it returns for a request without Mcp-Session-Id: answer that one 400", w.Status, name),
		Related: append([]analysis.RelatedInformation{{Pos: at, Message: "returned when the id is missing"}},
			k.alsoReturned(session.Missing, "also returned when the id is missing")...),
	}
	if gone, ok := k.at[session.Unknown]; ok {
		d.Message = fmt.Sprintf("answers %d to every error of %s(...), also to a request without Mcp-Session-Id (400) and to an unknown id (404)", w.Status, name)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: gone, Message: "returned when the id is not in the table"})
		d.Related = append(d.Related, k.alsoReturned(session.Unknown, "also returned when the id is not in the table")...)
	}
	report.Report(pass, d)
}

// missingFails returns, for a 5xx answer under the failure of a helper
// of this package, the helper's call, its kinds and where it returns its
// error for a missing id, when a request without one reaches that return:
// the function neither tests the id before the call nor tells the
// helper's errors apart, and the helper answers none of its refusals
// itself (its own status then went out first).
func (p *pkgInfo) missingFails(pass *analysis.Pass, scan *session.Scan, a *answers.Answer) (*ast.CallExpr, *returnKinds, token.Pos) {
	w := a.Write
	if a.HasSession || scan == nil || w.Status < 500 {
		return nil, nil, token.NoPos
	}
	info := pass.TypesInfo
	call, fn := failedCall(pass, p, scan, w.Stack)
	if call == nil || inspectsError(info, scan.Body, call) {
		return nil, nil, token.NoPos
	}
	if r, _ := p.onlyRefusal(info, fn, 0); r != nil {
		return nil, nil, token.NoPos
	}
	k := p.returnKinds(pass, fn)
	if k == nil {
		return nil, nil, token.NoPos
	}
	at, ok := k.at[session.Missing]
	reaches := scan.UnguardedCall(call, p.decls) ||
		session.TakesRequest(info, call) && !scan.ReadsIDHeader(&ast.FuncDecl{Body: scan.Body})
	if !ok || !reaches || p.kindAnswered(k, session.Missing) {
		return nil, nil, token.NoPos
	}
	return call, k, at
}

// answeredBefore reports a return of the package whose block answers the
// request before it (http.Error(...); return err): the helper refused the
// request itself, and a caller's later answer is not what the client gets.
func (p *pkgInfo) answeredBefore(ret token.Pos) bool {
	for _, d := range p.decls {
		if d.Body == nil || ret < d.Body.Pos() || ret >= d.Body.End() {
			continue
		}
		var block *ast.BlockStmt
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if n == nil || ret < n.Pos() || ret >= n.End() {
				return false
			}
			if b, ok := n.(*ast.BlockStmt); ok {
				block = b
			}
			return true
		})
		for _, b := range p.sum.Answers[d] {
			if n := b.Write.Node; block != nil && block.Pos() <= n.Pos() && n.Pos() < ret {
				return true
			}
		}
		return false
	}
	return false
}

// returnKinds reads fn's returns (memoised). It is nil when fn returns no
// error last or is not read; other is set when fn also returns a non-nil
// error under no session condition: an error from another call (a store,
// a decode) that the caller's one answer may rightly cover.
func (p *pkgInfo) returnKinds(pass *analysis.Pass, fn *types.Func) *returnKinds {
	if k, ok := p.kinds[fn]; ok {
		return k
	}
	if p.kinds == nil {
		p.kinds = map[*types.Func]*returnKinds{}
	}
	if fn.Pkg() != pass.Pkg {
		k := p.foreignKinds(fn)
		p.kinds[fn] = k
		return k
	}
	p.kinds[fn] = nil
	decl := p.decls[fn]
	if decl == nil || decl.Body == nil {
		return nil
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 || !httpwrite.IsErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	if p.sum.Learned == nil {
		return nil
	}
	scan := p.sum.Learned.Scans(func(n ast.Node) bool { return n == decl })[decl]
	if scan == nil {
		return nil
	}
	info := pass.TypesInfo
	k := &returnKinds{at: map[session.Kind]token.Pos{}, built: map[session.Kind]bool{}, every: map[session.Kind][]token.Pos{}}
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		if len(ret.Results) == 1 && res.Len() > 1 {
			// return g(...) handing on all of another function's results.
			if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
				p.handedOn(pass, scan, k, stack, call)
				return true
			}
		}
		if len(ret.Results) != res.Len() {
			k.other = true
			return true
		}
		e := ast.Unparen(ret.Results[len(ret.Results)-1])
		if isNil(info, e) {
			return true
		}
		if call, ok := e.(*ast.CallExpr); ok && !madeHere(info, e) {
			p.handedOn(pass, scan, k, stack, call)
			return true
		}
		if !madeHere(info, e) {
			k.other = true
			return true
		}
		c, found := scan.Condition(stack)
		if !found || c.AlsoMissing || c.Kind != session.Missing && c.Kind != session.Unknown {
			k.other = true
			return true
		}
		if !slices.Contains(k.every[c.Kind], ret.Pos()) {
			k.every[c.Kind] = append(k.every[c.Kind], ret.Pos())
		}
		if _, seen := k.at[c.Kind]; !seen {
			k.at[c.Kind] = ret.Pos()
			_, call := e.(*ast.CallExpr)
			k.built[c.Kind] = call
		}
		return true
	})
	p.kinds[fn] = k
	return k
}

// handedOn adds to k the kinds of a call's errors that fn returns as they
// come (return g(...)): a function of the package given the session id or
// the request, on a path no test of the id has conditioned yet. Any other
// call's error is one of no session condition.
func (p *pkgInfo) handedOn(pass *analysis.Pass, scan *session.Scan, k *returnKinds, stack []ast.Node, call *ast.CallExpr) {
	info := pass.TypesInfo
	g := httpwrite.Callee(info, call)
	if _, found := scan.Condition(stack); found || g == nil || g.Pkg() != pass.Pkg && p.foreignKinds(g.Origin()) == nil || types.IsInterface(recvType(g)) ||
		!scan.TakesID(call) && !session.TakesRequest(info, call) {
		k.other = true
		return
	}
	gk := p.returnKinds(pass, g.Origin())
	if gk == nil {
		k.other = true
		return
	}
	k.other = k.other || gk.other
	for kind, all := range gk.every {
		for _, at := range all {
			if !slices.Contains(k.every[kind], at) {
				k.every[kind] = append(k.every[kind], at)
			}
		}
	}
	for kind, at := range gk.at {
		if _, seen := k.at[kind]; !seen {
			k.at[kind] = at
			k.built[kind] = gk.built[kind]
			if gk.answered != nil {
				// Answered in another package: this package's answers
				// do not hold that return.
				if k.answered == nil {
					k.answered = map[session.Kind]bool{}
				}
				k.answered[kind] = gk.answered[kind]
			}
		}
	}
}

// madeHere reports an error built in place: errors.New, fmt.Errorf, or a
// package-level variable (a sentinel).
func madeHere(info *types.Info, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, e)
		return fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "errors" && fn.Name() == "New" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf")
	case *ast.Ident, *ast.SelectorExpr:
		return session.SentinelRef(info, e) != nil
	}
	return false
}
