// Package modeldump reports what the httpanswers model sees, one diagnostic
// per answer, so that a labelled corpus can measure the model's perception
// apart from the checks' rules: whether an answer was recognised at a site,
// with which status and code, under which session condition. It is not in
// the suite; scripts/field-corpus -perception runs it.
package modeldump

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Analyzer reports each answer httpanswers recorded.
var Analyzer = &analysis.Analyzer{
	Name:     "model",
	Doc:      "report every answer the httpanswers model records (a diagnostic tool, not a check)",
	Run:      run,
	Requires: []*analysis.Analyzer{answers.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[answers.Analyzer].(*answers.Result)
	for _, fn := range res.Funcs {
		for _, a := range res.Answers[fn] {
			pass.Reportf(a.Node.Pos(), "%s", describe(a))
		}
	}
	return nil, nil
}

// describe renders an answer as space-separated key=value fields:
// status (0 when not a constant), code ("none" when the answer has none),
// session (the condition's kind, "none" when no session test decides it).
func describe(a *answers.Answer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "answer status=%d", a.Status)
	if a.HasCode {
		fmt.Fprintf(&b, " code=%d", a.Code)
	} else {
		b.WriteString(" code=none")
	}
	if a.Implicit {
		b.WriteString(" implicit")
	}
	fmt.Fprintf(&b, " causes=%d", len(a.Causes))
	b.WriteString(" session=")
	if !a.HasSession {
		b.WriteString("none")
	} else {
		b.WriteString(kindName(a.Session.Kind))
	}
	return b.String()
}

func kindName(k session.Kind) string {
	switch k {
	case session.Missing:
		return "missing"
	case session.Unknown:
		return "unknown"
	case session.LookupErr:
		return "lookuperr"
	case session.Invalid:
		return "invalid"
	}
	return "other"
}
