package suite_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/ignoredirective"
	"github.com/mcpwire/mcpwire/analyzers/suite"
)

func TestAnalyzersAreValidAndDocumented(t *testing.T) {
	as := suite.Analyzers()
	if err := analysis.Validate(as); err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		// The first Doc line is the title SARIF rules and `mcpvet help` show.
		// x/tools style (issue 8) is the title alone, "report ..."; the older
		// "name: report ..." form is still accepted (both readers strip the
		// prefix) until every analyzer has moved.
		title, _, _ := strings.Cut(a.Doc, "\n")
		title = strings.TrimPrefix(title, a.Name+": ")
		if title == "" {
			t.Errorf("%s: Doc title %q is not a one-line title", a.Name, title)
		}
		if !strings.HasPrefix(a.URL, "https://") {
			t.Errorf("%s: URL %q is not a link", a.Name, a.URL)
		}
	}
}

// TestIgnoreDirectiveKnowsTheSuite runs the suite's ignoredirective on a
// file with one directive per analyzer: none may be called unknown.
func TestIgnoreDirectiveKnowsTheSuite(t *testing.T) {
	var src strings.Builder
	src.WriteString("package p\n\nfunc f() {\n")
	var id *analysis.Analyzer
	for _, a := range suite.Analyzers() {
		src.WriteString("\t//mcpvet:ignore " + a.Name + " names every analyzer of the suite\n\t_ = 0\n")
		if a.Name == ignoredirective.Name {
			id = a
		}
	}
	src.WriteString("}\n")
	if id == nil {
		t.Fatal("the suite has no ignoredirective analyzer")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src.String(), parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	pass := &analysis.Pass{
		Analyzer: id,
		Fset:     fset,
		Files:    []*ast.File{f},
		Report:   func(d analysis.Diagnostic) { got = append(got, d.Message) },
	}
	if _, err := id.Run(pass); err != nil {
		t.Fatal(err)
	}
	for _, msg := range got {
		if strings.Contains(msg, "unknown analyzer") {
			t.Error(msg)
		}
	}
}
