package sessionversion

import (
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
// standard library nor an MCP SDK, and names text/event-stream and the
// endpoint event (httpwrite.StreamsEndpointEvent).
func exportLegacySSE(pass *analysis.Pass) {
	path := pass.Pkg.Path()
	if httpwrite.IsStd(path) || httpwrite.MCPSDK(path) || !importsNetHTTP(pass.Pkg) && !importsFramework(pass.Pkg) {
		return
	}
	if httpwrite.StreamsEndpointEvent(pass.Fset, pass.Files) {
		pass.ExportPackageFact(new(legacySSEFact))
	}
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
