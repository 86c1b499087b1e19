package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Name is the analyzer's name, in flags and in //mcpvet:ignore directives.
const Name = "sessionstatus"

const doc = `sessionstatus: report unknown or missing Mcp-Session-Id answered with the wrong status

A client re-initializes only when its session id is answered 404 (Not Found);
a request that needs a session and carries none is a bad request, 400.
sessionstatus follows the Mcp-Session-Id header value (r.Header.Get with any
spelling of the header name, or a constant of that value) into map and store
lookups and reports a failed lookup (s, ok := sessions[id]; !ok, s == nil,
!known[id] on a map[string]bool, or a store's error) answered with another
4xx or a 5xx, and an empty id
(id == "") answered with anything but 400.`

// Analyzer reports session-id refusals answered with the wrong status.
var Analyzer = &analysis.Analyzer{
	Name: Name,
	Doc:  doc,
	URL:  "https://github.com/mcpwire/mcpwire#sessionstatus",
	// No Requires: with facts, a required pass would run on every
	// dependency before the cheap bail-out in Run (see httpwrite.Funcs).
	Run:       run,
	FactTypes: []analysis.Fact{new(sinkFact)},
}

// sinkFact marks a function that writes one answer (see httpwrite.Sink), so
// a helper such as notFound(w) in another package is judged by the status
// it writes.
type sinkFact struct{ httpwrite.Sink }

func (*sinkFact) AFact() {}

func (f *sinkFact) String() string { return f.Sink.String() }

func run(pass *analysis.Pass) (any, error) {
	defer report.Finish(pass)
	if httpwrite.IsStd(pass.Pkg.Path()) || !httpwrite.Imports(pass.Pkg, httpwrite.PkgHTTP) && !httpwrite.DirectFacts(pass) {
		return nil, nil
	}
	sinkOf := httpwrite.PackageSinks(pass,
		func(fn *types.Func) *httpwrite.Sink {
			var f sinkFact
			if pass.ImportObjectFact(fn, &f) {
				return &f.Sink
			}
			return nil
		},
		func(fn *types.Func, s *httpwrite.Sink) { pass.ExportObjectFact(fn, &sinkFact{*s}) })

	// The answers first: a package that writes none (most that import
	// net/http only as a client) needs no session scan at all, and a
	// function that writes none needs no scan of its own.
	funcs, writes := httpwrite.CollectFuncs(pass, sinkOf)
	if len(writes) == 0 {
		return nil, nil
	}
	scans := session.ScanPackage(pass.TypesInfo, pass.Pkg, funcs, func(n ast.Node) bool { return writes[n] != nil })
	for _, n := range funcs {
		s := scans[n]
		if s == nil {
			continue
		}
		for _, w := range writes[n] {
			check(pass, s, w)
		}
	}
	return nil, nil
}

func check(pass *analysis.Pass, s *session.Scan, w *httpwrite.Write) {
	if w.Status < 400 {
		return
	}
	cond, ok := s.Condition(w.Stack)
	if !ok {
		return
	}
	switch cond.Kind {
	case session.Missing:
		if w.Status == 400 || w.Status == 405 {
			return
		}
		reportStatus(pass, w, 400, "http.StatusBadRequest",
			"answers %d to a request without Mcp-Session-Id: a missing session id is a bad request, answer 400 (404 tells a client its session is gone)", w.Status)
	case session.Unknown:
		if w.Status == 404 {
			return
		}
		reportStatus(pass, w, 404, "http.StatusNotFound",
			"answers %d to an unknown or expired Mcp-Session-Id (%s): answer 404, the only status that makes a client re-initialize", w.Status, cond.What)
	case session.LookupErr:
		if w.Status == 404 || w.Status >= 500 {
			return
		}
		reportStatus(pass, w, 404, "http.StatusNotFound",
			"answers %d when the session lookup %s fails: an unknown or expired Mcp-Session-Id is answered 404, the only status that makes a client re-initialize (a store outage is 500)", w.Status, cond.What)
	}
}

func reportStatus(pass *analysis.Pass, w *httpwrite.Write, want int, name, format string, args ...any) {
	d := analysis.Diagnostic{Pos: w.Node.Pos(), End: w.Node.End(), Message: fmt.Sprintf(format, args...)}
	if e := httpwrite.ConstEdit(pass.TypesInfo, w.StatusExpr, strconv.Itoa(want), name); e != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: fmt.Sprintf("answer %d", want), TextEdits: []analysis.TextEdit{*e}}}
	}
	report.Report(pass, d)
}
