package sessionversion

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// legacySSEFact marks a package that serves the HTTP+SSE transport of
// revision 2024-11-05: it sends the SSE "endpoint" event. An initialize
// answered 2024-11-05 in a package that imports it is that transport's
// handshake, as it is in a package that sends the event itself: which
// package a server keeps its transport in does not change its revision.
// An MCP SDK's packages are not marked: they serve Streamable HTTP too,
// and a server beside one answers its own initialize for either.
type legacySSEFact struct{}

// AFact marks legacySSEFact as an analysis fact.
func (*legacySSEFact) AFact() {}

func (*legacySSEFact) String() string { return "serves the HTTP+SSE transport" }

// exportLegacySSE marks pass's package when it serves the HTTP+SSE
// transport: it answers HTTP (net/http or a framework), is neither the
// standard library nor an MCP SDK, names the event stream's media type and
// sends the endpoint event. The media type is asked for too because a
// bare "endpoint" is also a config key's or a field's name in a message,
// and a package imported for that says nothing of the server's transport.
func exportLegacySSE(pass *analysis.Pass) {
	path := pass.Pkg.Path()
	if httpwrite.IsStd(path) || httpwrite.MCPSDK(path) || !importsNetHTTP(pass.Pkg) && !importsFramework(pass.Pkg) {
		return
	}
	if namesEventStream(pass) && httpwrite.SendsEndpointEvent(pass.Fset, pass.Files) {
		pass.ExportPackageFact(new(legacySSEFact))
	}
}

// namesEventStream reports a string constant "text/event-stream" in a file
// of pass outside tests.
func namesEventStream(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "text/event-stream") {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// importsLegacySSE reports whether a package pass's package imports
// serves the HTTP+SSE transport (legacySSEFact).
func importsLegacySSE(pass *analysis.Pass) bool {
	for _, p := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(p, new(legacySSEFact)) {
			return true
		}
	}
	return false
}
