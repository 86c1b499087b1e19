package sessionstatus

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// reachedAnswers judges the answers no test around them ties to the
// session by the answer a request gets when its session is in one of the
// table's states: the handler is walked once with no Mcp-Session-Id and
// once with an id its lookups do not hold (session.Scan.Reached), and the
// first answer each way reaches past a test that state decides is the
// handler's answer to that row, wherever it sits: after an `if ok { ... }`
// that does not return, in a status variable the miss's branch set and a
// later WriteHeader sends, after a flag the lookup's branch set. The
// status is judged as check judges an answer under the test: an unknown id
// anything but 404 (a 5xx beside a failed store or validator), a missing
// one anything but 400 (405 unless the message is known not to be an
// initialize). A success to an unknown id is judged only in a package that
// hands out ids, on a way known not to be an initialize (a test that rules
// it out, or a DELETE or GET branch). A way through a branch taken for an
// initialize is not judged, nor a function where another rule reported
// something: one finding per root cause.
func reachedAnswers(pass *analysis.Pass, p *pkgInfo, fn ast.Node, scan *session.Scan, as []*answers.Answer) {
	if p == nil || scan == nil || report.ReportedIn(pass, fn) {
		return
	}
	// The answers no test around them, nor a returning if before them,
	// ties to the session: check has judged the others.
	pending := map[*httpwrite.Write]bool{}
	for _, a := range as {
		if _, ok := condition(scan, a); !ok {
			pending[a.Write] = true
		}
	}
	if len(pending) == 0 {
		return
	}
	all := make([]*httpwrite.Write, len(as))
	for i, a := range as {
		all[i] = a.Write
	}
	for _, state := range []session.Kind{session.Unknown, session.Missing} {
		for _, r := range scan.Reached(state, all) {
			if !pending[r.Write] || r.Init {
				continue
			}
			w := *r.Write
			if w.Status == 0 && r.StatusAt.IsValid() {
				w.Status = r.Status
			}
			status := sentStatus(pass.TypesInfo, scan, &w)
			if status == 0 {
				continue
			}
			if status < 300 && !(w.HasCode && sessionRefusalCode(w.Code)) {
				if r.Cond.Kind != session.Unknown || r.Cond.AlsoMissing || !p.issuesIDs(pass) ||
					!r.NotInit && r.Method != "DELETE" && r.Method != "GET" {
					continue
				}
			}
			cond := r.Cond
			cond.NotInit = cond.NotInit || r.NotInit
			check(pass, p, &answers.Answer{Write: &w, Session: cond, HasSession: true}, scan)
			delete(pending, r.Write)
		}
	}
}
