package sessionstatus

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// missingServed reports a success answered under a test that the request
// carries no Mcp-Session-Id, where the request cannot be an initialize:
// the test says it is not one (method != "initialize"), or the handler
// never reads a body (it serves GET or DELETE). The table answers that
// request 400 (session-missing); a 2xx opens a stream or ends "a session"
// for a client that never had one. Judged only in a package that issues
// session ids (it sets Mcp-Session-Id on a response) or refuses a missing
// id 400 elsewhere: a stateless server has no session to require.
func missingServed(pass *analysis.Pass, p *pkgInfo, fn ast.Node, scan *session.Scan, a *answers.Answer) {
	if !a.HasSession || a.Session.Kind != session.Missing || a.Session.AlsoMissing || scan == nil {
		return
	}
	w := a.Write
	status := sentStatus(pass.TypesInfo, scan, w)
	if status < 200 || status > 299 || w.HasCode {
		return
	}
	if !p.missing400 && !p.issuesIDs(pass) {
		return
	}
	if !a.Session.NotInit {
		var before []ast.Stmt
		if len(w.Stack) > 1 && w.Stack[0] == scan.Body {
			if i := indexOf(scan.Body.List, w.Stack[1]); i >= 0 {
				before = scan.Body.List[:i]
			}
		}
		if !initializeExcluded(pass.TypesInfo, scan, fn, before) {
			return
		}
	}
	report.Report(pass, analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catMissing,
		Message: fmt.Sprintf("answers %d to a request without Mcp-Session-Id that cannot be an initialize: answer 400", status),
	})
}

// issuesIDs reports, once per package, whether it hands out session ids
// (setsSessionHeader).
func (p *pkgInfo) issuesIDs(pass *analysis.Pass) bool {
	if p.issues == 0 {
		p.issues = -1
		if setsSessionHeader(pass, p.sum) {
			p.issues = 1
		}
	}
	return p.issues > 0
}
