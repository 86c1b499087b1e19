package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/refusal"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Name is the analyzer's name, in flags and in //mcpvet:ignore directives.
const Name = "sessionstatus"

const doc = `report unknown or missing Mcp-Session-Id answered with the wrong status

A client re-initializes only when its session id is answered 404 (Not Found);
a request that needs a session and carries none is a bad request, 400.
sessionstatus follows the Mcp-Session-Id header value (r.Header.Get with any
spelling of the header name, or a constant of that value) into map and store
lookups and reports a failed lookup (s, ok := sessions[id]; !ok, s == nil,
!known[id] on a map[string]bool, or a store's error) answered with another
4xx or a 5xx, and an empty id
(id == "") answered with anything but 400. It also reports a call's errors
answered 4xx when only one of its package's refusal sentinels
(ErrSessionClosed) is told apart from another (ErrLackSession), a missing id
reaching a lookup answered 404 in a package that answers it 400 elsewhere,
and a failed same-package call whose only error is a refusal sentinel.`

// Analyzer reports session-id refusals answered with the wrong status.
var Analyzer = &analysis.Analyzer{
	Name: Name,
	Doc:  doc,
	URL:  "https://github.com/mcpwire/mcpwire#sessionstatus",
	// answers finds the answers and the session condition each is given
	// under, shared with errclass; getOrCreates carries, as facts, the
	// functions of other packages that create on a lookup's miss.
	// sessionstatus has no facts of its own, so it runs on the packages
	// named on the command line only.
	Requires: []*analysis.Analyzer{answers.Analyzer, getOrCreates},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	if report.FactsOnly() {
		// sessionstatus exports no fact; it runs on go vet's
		// facts-only units only because what it requires has facts.
		return nil, nil
	}
	defer report.Finish(pass)
	sum := pass.ResultOf[answers.Analyzer].(*answers.Result)
	// p is built once, for a package with answers: every rule below that
	// reads it runs on an answer.
	var p *pkgInfo
	ext := pass.ResultOf[getOrCreates].(*getOrCreateResult)
	if len(sum.Answers) > 0 {
		p = newPkgInfo(pass, sum, ext)
		puts := putsOf(pass, sum)
		found := newAdoptions(sum.Funcs)
		adoption(pass, sum, puts, found)
		untestedAdoption(pass, p, sum, puts, found)
		found.report(pass)
		// Both read a package that hands out ids and the tables it
		// keeps its sessions in.
		if setsSessionHeader(pass, sum) {
			tables := ownedTables(pass, sum)
			servedUnknown(pass, sum, tables)
			replacedUnknown(pass, sum)
			replacedByHelper(pass, p, sum)
			sessionShapes(pass, p, sum)
			p.neverReported = neverLookedUp(pass, sum, tables)
		}
	}
	if httpwrite.Imports(pass.Pkg, pkgMCPGoServer) {
		blindIDManager(pass)
	}
	if len(sum.Answers) > 0 {
		deleteUnread(pass, p, sum)
	}
	if p != nil {
		streamUnchecked(pass, p)
		initializeRefused(pass, p, sum)
	}
	for _, n := range sum.Funcs {
		if len(sum.Answers[n]) > 0 {
			optionalID(pass, p, n, sum.Scans[n], sum.Answers[n])
			acceptedUnchecked(pass, sum.Scans[n], sum.Answers[n])
			neverRequired(pass, p, n, sum.Scans[n], sum.Answers[n])
		}
		for _, a := range sum.Answers[n] {
			scan := sum.Scans[n]
			check(pass, p, a, scan)
			unlisted(pass, n, scan, sum.Answers[n], a)
			onlyRefusal(pass, p, scan, a)
			helperReturns(pass, p, scan, a)
			mergedValidator(pass, p, scan, a)
			endUnknown(pass, p, ext.Member, scan, a)
			endAny(pass, p, scan, a)
			missingServed(pass, p, n, scan, a)
			goneAs5xx(pass, p, scan, a)
			goneMerged(pass, p, scan, sum.Answers[n], a)
			memberRefused(pass, ext.Member, scan, a)
			memberMerged(pass, p, ext.Member, scan, a)
			if a.HasSession && !a.Session.AlsoMissing && (a.Session.Kind == session.Unknown || a.Session.Kind == session.LookupErr) {
				untested(pass, p, scan, a)
			}
		}
	}
	// After every rule that reads the answer's place: the walk reports
	// only what none of them did.
	for _, n := range sum.Funcs {
		if len(sum.Answers[n]) > 0 {
			reachedAnswers(pass, p, n, sum.Scans[n], sum.Answers[n])
		}
	}
	// After the rules that read one handler's shape: a package they
	// reported is not reported again for the same root cause.
	if p != nil && !p.neverReported {
		idsNeverChecked(pass, p)
	}
	return nil, nil
}

// Categories of sessionstatus findings (Diagnostic.Category).
const (
	catMissing = "missing-session-id"   // no id, answered other than 400
	catUnknown = "unknown-session"      // an id not in the map, answered other than 404
	catLookup  = "session-lookup-error" // a failed store lookup, answered 4xx other than 404
	catCheck   = "session-check-failed" // a failed validator, answered other than 404 or 5xx
	// One branch for no id and an unknown one (id == "" || !ok).
	catMergedTest = "missing-and-unknown-merged"
)

func check(pass *analysis.Pass, p *pkgInfo, a *answers.Answer, scan *session.Scan) {
	w := a.Write
	if !a.HasSession && (scan == nil || w.Status != 0 && w.Status < 400 && !w.HasCode) {
		// No test names the session and no branch before can make
		// this 2xx answer a refusal.
		return
	}
	cond, ok := condition(scan, a)
	if !ok {
		return
	}
	// A JSON-RPC error written with 200 is a refusal sent as a success:
	// judged like any other status for a missing or an unknown id. A
	// helper that writes a body and never a status answers 200 too.
	status := sentStatus(pass.TypesInfo, scan, w)
	// An error object with no status of its own goes out with the status
	// of the write it reaches later: the batch its slice is encoded in,
	// the dispatcher's call whose result is written (latervalue.go).
	var extra []analysis.RelatedInformation
	if status == 0 && w.Kind == httpwrite.ErrorObject && p != nil && scan != nil {
		if p.later == nil {
			p.later = httpwrite.NewLater(pass.TypesInfo, pass.Fset, pass.Pkg, pass.Files, p.sum.SinkOf)
		}
		if s, at, ok := p.later.Status(scan.Body, w); ok {
			status = s
			extra = []analysis.RelatedInformation{{Pos: at, Message: fmt.Sprintf("written here with HTTP %d", s)}}
		}
	}
	// A failed lookup or check refused in a 200 body is wrong whichever
	// way it failed: 404 for an unknown id, 5xx for a store that did not
	// answer. Only a refusal's code says the body refuses the request: a
	// call given the id may be the method itself (fn(ctx, id, params)),
	// whose error a 200 body rightly carries.
	refusal200 := status == 200 && w.HasCode && (cond.Kind == session.Missing || cond.Kind == session.Unknown || cond.AlsoMissing ||
		(cond.Kind == session.LookupErr || cond.Kind == session.Invalid) && sessionRefusalCode(w.Code))
	// An explicit success to an id the table does not hold (a DELETE
	// answered 204 as if it ended something, a request served anyway)
	// tells the client its session lives: the row is 404.
	served := a.HasSession && a.Session.Kind == session.Unknown && !a.Session.AlsoMissing &&
		w.Status >= 200 && w.Status < 300 && !w.HasCode && !w.Implicit && directStatus(w) && !initializeOnPath(pass.TypesInfo, w.Stack)
	if served {
		reportStatus(pass, w, cond, nil, catUnknown, 404, "http.StatusNotFound",
			"answers %d to an unknown or expired Mcp-Session-Id (%s): answer 404", w.Status, cond.What)
		return
	}
	if status < 400 && !refusal200 {
		return
	}
	if cond.AlsoMissing {
		// One answer for no id and for an unknown one: no status is right
		// for both. No fix: the fix is a test of the id's emptiness first.
		d := analysis.Diagnostic{Pos: w.Node.Pos(), End: w.Node.End(), Category: catMergedTest,
			Message: fmt.Sprintf("answers %d both to a missing and to an unknown Mcp-Session-Id (%s): 400 for none, 404 for unknown", status, cond.What)}
		if cond.Pos.IsValid() {
			d.Related = []analysis.RelatedInformation{{Pos: cond.Pos, Message: "the session lookup: " + cond.What}}
		}
		d.Related = append(d.Related, extra...)
		report.Report(pass, d)
		return
	}
	switch cond.Kind {
	case session.Missing:
		if status == 400 || status == 405 && !cond.NotInit {
			return
		}
		reportStatus(pass, w, cond, extra, catMissing, 400, "http.StatusBadRequest",
			"answers %d to a request without Mcp-Session-Id: answer 400 (404 says the session is gone)", status)
	case session.Unknown:
		if status == 404 {
			return
		}
		reportStatus(pass, w, cond, extra, catUnknown, 404, "http.StatusNotFound",
			"answers %d to an unknown or expired Mcp-Session-Id (%s): answer 404", status, cond.What)
	case session.Invalid:
		// A validator of the session fails for an id it does not know,
		// which must be 404; it may also fail for a malformed id, for
		// which 404 is right too (no such session), or for a store it
		// could not ask (5xx). A 400 keeps a client whose session expired
		// retrying it (mcp-go #689).
		if status == 404 || status >= 500 {
			return
		}
		reportStatus(pass, w, cond, append(p.unknownReturn(pass, scan, cond), extra...), catCheck, 404, "http.StatusNotFound",
			"answers %d when the session check %s fails: answer 404 for an unknown session", status, cond.What)
	case session.LookupErr:
		if status == 404 || status >= 500 {
			return
		}
		reportStatus(pass, w, cond, append(p.unknownReturn(pass, scan, cond), extra...), catLookup, 404, "http.StatusNotFound",
			"answers %d when the session lookup %s fails: answer 404 (5xx if the store is down)", status, cond.What)
	}
}

// condition is the session condition an answer is given under: the one
// the tests around it decide (httpanswers' Session), else the one the
// branches before it that returned leave (session.FallCondition: the
// statement after `if ok { ...; return }` runs for an unknown id). The
// second is read here, for the answers sessionstatus judges, and not in
// httpanswers: errclass reads an answer after a session test that
// returned as the endpoint's own, and the walk need not run for every
// answer of every package whose facts are computed.
func condition(scan *session.Scan, a *answers.Answer) (session.Cond, bool) {
	if a.HasSession {
		return a.Session, true
	}
	if scan == nil {
		return session.Cond{}, false
	}
	return scan.FallCondition(a.Write.Stack)
}

// sentStatus is the status an answer goes out with: its own, or 200 for a
// helper that writes a body and never a status, a framework's body writer
// with no status, or an error object encoded straight onto the
// ResponseWriter, unless a status was set on the way to it.
func sentStatus(info *types.Info, scan *session.Scan, w *httpwrite.Write) int {
	if w.Status == 0 && w.Implicit && w.Kind == httpwrite.Helper && scan != nil && !httpwrite.StatusCallBefore(info, scan.Body, w.Node.Pos()) {
		return 200
	}
	// fiber's c.JSON(v) with no status set before it answers 200; the
	// answer may be the error object inside v.
	if w.Status == 0 && scan != nil {
		stack := append(slices.Clone(w.Stack), w.Node)
		for i := len(stack) - 1; i >= 0; i-- {
			c, ok := stack[i].(*ast.CallExpr)
			if !ok {
				continue
			}
			if httpwrite.FrameworkBody(info, c) && !httpwrite.StatusCallBefore(info, scan.Body, c.Pos()) {
				return 200
			}
			// An error object encoded onto the ResponseWriter with no
			// status set before it: net/http sends 200 for a body
			// written first.
			if w.Kind == httpwrite.ErrorObject && w.HasCode {
				if t := httpwrite.BodyWriteTarget(info, c); t != nil && httpwrite.IsResponseWriter(info.TypeOf(t)) && !httpwrite.StatusCallBefore(info, scan.Body, c.Pos()) {
					return 200
				}
			}
			break
		}
	}
	return w.Status
}

// sessionRefusalCode reports the codes a refusal of the request or its
// session is written with: -32000 (the transport's), -32001 (session not
// found) and -32600 (invalid request).
func sessionRefusalCode(code int64) bool {
	return code == -32000 || code == -32001 || code == -32600
}

func reportStatus(pass *analysis.Pass, w *httpwrite.Write, cond session.Cond, extra []analysis.RelatedInformation, category string, want int, name, format string, args ...any) {
	d := analysis.Diagnostic{Pos: w.Node.Pos(), End: w.Node.End(), Category: category, Message: fmt.Sprintf(format, args...)}
	if cond.Pos.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: cond.Pos, Message: "the session lookup: " + cond.What}}
	}
	d.Related = append(d.Related, extra...)
	if e := httpwrite.ConstEdit(pass.TypesInfo, w.StatusExpr, strconv.Itoa(want), name); e != nil {
		msg, edits := fmt.Sprintf("answer %d", want), []analysis.TextEdit{*e}
		if code, more := codeEdits(pass, w, want); more != nil {
			msg, edits = fmt.Sprintf("answer %d with %s", want, code), append(edits, more...)
		}
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
	}
	report.Report(pass, d)
}

// codeEdits makes the JSON-RPC side of a status fix match the runtime's
// refusal, the rows of docs/protocol.md's table: an unknown session is 404
// with -32001 "Session not found"; a missing id is 400 with -32000 "Bad
// Request: Mcp-Session-Id header is required". It edits a constant code
// written in the answer (not -32700, whose fix is errclass's: two fixes
// must not edit one expression) and a string literal argument of the same
// call that speaks of the session ("invalid session"), so the message
// never contradicts the code. It returns the code's
// text and the edits, or nil when the code is right or not editable.
func codeEdits(pass *analysis.Pass, w *httpwrite.Write, want int) (string, []analysis.TextEdit) {
	if !w.HasCode || w.CodeExpr == nil || w.Code == httpwrite.CodeParseError {
		return "", nil
	}
	code, name := "-32001", "x.CodeSessionNotFound"
	if want == 400 {
		code, name = "-32000", "x.CodeServerError"
	}
	if strconv.FormatInt(w.Code, 10) == code {
		return "", nil
	}
	e := httpwrite.ConstEdit(pass.TypesInfo, w.CodeExpr, code, name)
	if e == nil {
		return "", nil
	}
	edits := []analysis.TextEdit{*e}
	row := refusal.MustLookup(refusal.SessionUnknown)
	if want == 400 {
		row = refusal.MustLookup(refusal.SessionMissing)
	}
	if call, ok := w.Node.(*ast.CallExpr); ok {
		for _, arg := range call.Args {
			lit, ok := ast.Unparen(arg).(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			if v, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(strings.ToLower(v), "session") && v != row.Message {
				edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(row.Message))})
				break
			}
		}
	}
	return code, edits
}

// unknownReturn points, when the failed lookup or check is a helper of the
// package, at the return by which it fails for an id its table does not
// hold: the failure the answer gives the wrong status.
func (p *pkgInfo) unknownReturn(pass *analysis.Pass, scan *session.Scan, cond session.Cond) []analysis.RelatedInformation {
	if p == nil || scan == nil {
		return nil
	}
	call := httpwrite.CallAt(scan.Body, cond.Pos)
	if call == nil {
		return nil
	}
	fn := httpwrite.Callee(pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	k := p.returnKinds(pass, fn.Origin())
	if k == nil {
		return nil
	}
	at, ok := k.at[session.Unknown]
	if !ok {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: at, Message: "returned when the id is not in the table"}}
}

// directStatus reports an answer whose status the function writes itself
// (WriteHeader, http.Error, a framework's writer, a helper handed it), not
// one a helper fixes (s.initialize(w, r) answering a fresh handshake 200).
func directStatus(w *httpwrite.Write) bool {
	switch w.Kind {
	case httpwrite.WriteHeader, httpwrite.HTTPError, httpwrite.Framework:
		return true
	case httpwrite.Helper:
		return w.StatusExpr != nil // send(w, http.StatusOK, v): the status given here
	}
	return false
}

// initializeOnPath reports whether a test naming initialize, around the
// answer or before it on its way, decides it: a re-initialize with a
// stale id is answered with a new session, rightly. An earlier if naming
// initialize whose branch returns, with no else, does not: past it the
// message is not an initialize.
func initializeOnPath(info *types.Info, stack []ast.Node) bool {
	if session.InitializeBranchIn(info, stack) {
		return true
	}
	for ifs := range httpwrite.EarlierIfs(stack) {
		if session.IsInitializeTestIn(info, ifs.Cond) && (ifs.Else != nil || !httpwrite.EndsInReturn(ifs.Body)) {
			return true
		}
	}
	for ifs := range httpwrite.EnclosingIfs(stack) {
		if session.IsInitializeTestIn(info, ifs.Cond) {
			return true
		}
	}
	return false
}
