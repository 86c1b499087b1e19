package refusedhandshake

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// Name is the analyzer's name, in flags and in //mcpvet:ignore directives.
const Name = "refusedhandshake"

// The packages whose types the checks recognise, by import path: analyzers
// never import the runtime or go-sdk themselves.
const (
	sdkMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
	streamable = "github.com/mcpwire/mcpwire/runtime/streamable"
	netHTTP    = "net/http"
)

// doc follows the x/tools convention: a title line, a blank line, the rest
// (`mcpvet help` prints it all; SARIF takes the title as the rule's short
// description). The full documentation is the package comment in doc.go.
const doc = `report per-handshake transports that leak when the handshake is refused

A sessionful transport built per request for one expected initialize, with a
server connected to it, must end when that first request is refused (bad
Accept or Content-Type, invalid JSON, a non-initialize request, a DNS-rebinding
refusal...): otherwise the transport, its server session and their goroutines
live until the process exits. This analyzer reports

  - mcpwire streamable.NewTransport built per request with a SessionIDGenerator
    but without CloseOnRefusedHandshake: true (with a fix that sets it), or a
    per-request call of a function (of any package) that returns one;
  - a go-sdk mcp.StreamableServerTransport built per request and connected
    with Server.Connect (directly or by a helper returning the session) when
    nothing closes the session on a refused handshake;
  - the *mcp.ServerSession of such a Connect discarded, so nothing can close it;
  - a session closed only under a refusal test (InitializeParams() == nil)
    that the SDK's own request handlers defeat (go-sdk v1.7.0's
    server/discover recorded InitializeParams without a session);
  - CloseOnRefusedHandshake: true on a transport built once for a long-lived
    endpoint, where the first refused request (a client's version-negotiation
    probe) would close it for every client (with a fix that removes it);
  - a hand-rolled session table (a map or sync.Map the Mcp-Session-Id is
    looked up in) filled under a freshly minted id before the initialize is
    accepted: whatever the request's method, or followed by an error answer
    that does not remove the entry, or on every initialize with no removal
    anywhere; and a session closed on one refusal but not on another.`

// Analyzer reports per-handshake transports that are never closed when their
// handshake is refused, and the refusal close misapplied to long-lived ones.
var Analyzer = &analysis.Analyzer{
	Name: Name,
	Doc:  doc,
	URL:  "https://github.com/mcpwire/mcpwire#refusedhandshake",
	// No Requires: with facts, a required pass (inspect) would run on every
	// dependency, standard library included, before the bail-outs in run
	// can skip it. run builds its own inspector once a package qualifies.
	Run:       run,
	FactTypes: []analysis.Fact{new(LeakyConstructor), new(ClosingConstructor), new(SessionFactory), new(Connector), new(RefusalDefeated), new(ParamRegistrar), new(FreshRegistrar), new(TableRemover)},
}

func run(pass *analysis.Pass) (any, error) {
	httpwrite.LearnHeaderVars(pass)
	defer report.Finish(pass)
	exportRegistrarFacts(pass)
	if !report.FactsOnly() {
		checkTables(pass) // hand-rolled session tables: no SDK needed
	}
	if !relevant(pass) {
		return nil, nil
	}
	exportRefusalFacts(pass) // the SDK package itself: its handlers may build no transport
	if !buildsTransports(pass) {
		return nil, nil
	}
	exportConstructorFacts(pass)
	exportSessionFacts(pass)
	exportConnectorFacts(pass)
	if report.FactsOnly() {
		return nil, nil // the checks below export no fact
	}
	ins := inspector.New(pass.Files)
	c := newContexts(pass, ins)
	checkRuntime(pass, c, ins)
	checkSDK(pass, c, ins)
	return nil, nil
}

// relevant is the cheap bail-out: only a package that imports (or is) go-sdk's
// mcp (or a copy of it, see sdkPkg) or the runtime's streamable package, or
// depends on a package with a fact, can build the transports checked.
func relevant(pass *analysis.Pass) bool {
	return importsSDK(pass.Pkg) || len(pass.AllObjectFacts()) > 0
}

// buildsTransports reports whether the package calls streamable.NewTransport,
// (*mcp.Server).Connect or a leaky constructor at all, before classifying
// its functions. It walks the files without an inspector and stops at the
// first such call: most packages that import go-sdk build no transport.
func buildsTransports(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				found = isNewTransport(pass.TypesInfo, call) || isServerConnect(pass.TypesInfo, call) || isServerRun(pass.TypesInfo, call) || connectorFact(pass, call) != nil || leaky(pass, call) || sessionFactory(pass, call) != nil
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// Categories of findings, one per kind, for -json and SARIF consumers that
// group or filter them.
const (
	catMissingOption  = "missing-close-option"    // rule 1: NewTransport per request
	catLeakyCtor      = "leaky-constructor"       // rule 1: a constructor with the fact, per request
	catLongLived      = "long-lived-close-option" // rule 4
	catUnclosed       = "unclosed-session"        // rule 2: no close on any path
	catOtherPath      = "closed-on-other-path"    // rule 2: closes exist, none on the serving path
	catStateless      = "unclosed-stateless-session"
	catDiscarded      = "discarded-session" // rule 3
	catRunUncancelled = "run-never-cancelled"
	catDefeated       = "defeated-refusal-test" // rule 2: the refusal test's accessor is set without a handshake
)

// finding reports a diagnostic: a short headline, the category, the calls
// it stems from as related information, and at most one fix.
func finding(pass *analysis.Pass, rng analysis.Range, category, headline string, related []analysis.RelatedInformation, fix *analysis.SuggestedFix) {
	d := analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Category: category, Message: headline, Related: related}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	report.Report(pass, d)
}

// relatedAt is one related-information entry at n.
func relatedAt(n analysis.Range, message string) []analysis.RelatedInformation {
	if n == nil || !n.Pos().IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.End(), Message: message}}
}

// leaky reports whether call calls a function with a constructor fact.
func leaky(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn := calledFunc(pass.TypesInfo, call)
	return fn != nil && (pass.ImportObjectFact(fn, new(LeakyConstructor)) || pass.ImportObjectFact(fn, new(ClosingConstructor)))
}
