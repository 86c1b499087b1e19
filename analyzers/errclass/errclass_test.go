package errclass_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/internal/facttest"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// factBudget bounds one fact's gob encoding, type descriptor included. The
// facts hold a few small ints, flags and one call name.
const factBudget = 220

// TestFixtures runs every errclass fixture package in one load (the
// fixtures module type-checks go-sdk from source, which dominates the
// cost), then round-trips every fact the run exported, go-sdk's included.
func TestFixtures(t *testing.T) {
	// -errclass.internal names a concrete store method that errclass does
	// not recognise by shape (fixtures/errclass/internalflag).
	defer errclass.Analyzer.Flags.Set("internal", "")
	if err := errclass.Analyzer.Flags.Set("internal", "(*fixtures/errclass/internalflag.tenants).Lookup"); err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, testdata(t), errclass.Analyzer,
		"fixtures/errclass/rpcutil",          // facts: sink and origin helpers
		"fixtures/errclass/parsecode",        // -32700 for server-side failures
		"fixtures/errclass/status400",        // 400 for server-side failures
		"fixtures/errclass/pairs",            // contradicting status and code, code 0
		"fixtures/errclass/bodylimit",        // a body over the limit must be 413
		"fixtures/errclass/proxylimit",       // the same, through a reverse proxy's ErrorHandler
		"fixtures/errclass/upstreamreply",    // an upstream's reply that does not read or decode
		"fixtures/errclass/paramsserver",     // -32602 for the server's own failure
		"fixtures/errclass/storeapart/store", // facts: a store whose not-found is told apart
		"fixtures/errclass/storeapart",       // its failing answered as an unknown session
		"fixtures/errclass/carried/apierr",   // facts: constructors of errors that carry a status
		"fixtures/errclass/carried",          // what they carry, returned by handlers
		"fixtures/errclass/truncated",        // a body read through io.LimitReader, its length never tested
		"fixtures/errclass/guardplaced",      // an error made afresh under if err != nil is that err's
		"fixtures/errclass/sessionown",       // a session lookup's error that can be the server's own
		"fixtures/errclass/sessioncode",      // -32700 for a session-id refusal
		"fixtures/errclass/internalflag",     // -errclass.internal
		"fixtures/errclass/suppressed",       // //mcpvet:ignore, used and unused
		"fixtures/errclass/good",             // a correct handler: no findings
		// Regressions, named after what they pin.
		"fixtures/errclass/sdkwritejsonrpcerror",
		"fixtures/errclass/phimerge",
		"fixtures/errclass/eventreplayiterator",
		"fixtures/errclass/clientfaultvalidator",
		"fixtures/errclass/errorsissentinel",
		"fixtures/errclass/generichooks",
		"fixtures/errclass/capturedreach",             // stores to a captured err that reach the test
		"fixtures/errclass/catchall",                  // one writer for a helper mixing client and server errors
		"fixtures/errclass/sentinels",                 // var ErrX = errors.New(...), placed by name
		"fixtures/errclass/besideendpoint",            // routes beside MCP's endpoint are not judged
		"fixtures/errclass/routedendpoint",            // handlers on MCP's endpoint by their route or what they decode
		"fixtures/errclass/unknownmethod",             // a method switch's default answered other than -32601
		"fixtures/errclass/unknowntool",               // an unknown tool or prompt name answered -32601
		"fixtures/errclass/sessioncreate",             // a failure making the session answered with HTTP 200
		"fixtures/errclass/initrefused",               // an initialize the server refused, answered with HTTP 200
		"fixtures/errclass/initrefusedcode",           // the same through helpers handed the code
		"fixtures/errclass/validatorcode",             // a validator.s -32600 object written with HTTP 200
		"fixtures/errclass/undecoded",                 // a body that does not decode answered with another code at 200
		"fixtures/errclass/unknownmethod/dispatch",    // the same, returned by a dispatcher that answers no HTTP
		"fixtures/errclass/ctorcode",                  // newErrorResponse(-32603, msg) beside WriteHeader(status)
		"fixtures/errclass/generated",                 // generated code: stores traced, pure data handling not
		"fixtures/errclass/queryvalidator",            // a validator field applied to the query: the client's input, silent
		"fixtures/errclass/refusalstatus",             // -32700/-32600 with 200; -32700 for a read failure
		"fixtures/errclass/rowstatus",                 // method, Content-Type and Origin refusals with another status than their row's
		"fixtures/errclass/switchcause",               // a tagless switch's case err != nil; a code filled by a tuple assignment
		"fixtures/errclass/implicit200",               // refusals through helpers that never set a status
		"fixtures/errclass/implicit200/anywriter",     // handed to writers of any value, or one that sets a status only when encoding fails
		"fixtures/errclass/implicit200/branchreturn",  // a status picked inside a branch that returns
		"fixtures/errclass/noreplybranch",             // a writer that answers 204 only to an empty reply
		"fixtures/errclass/statebefore",               // -32603 with 200 for the server's state, before any method runs
		"fixtures/errclass/readfailure",               // a failed read of the request body answered 5xx
		"fixtures/errclass/upstream200",               // -32603 with 200 for a failed request upstream
		"fixtures/errclass/branchstatus",              // a writer that branches on the code for its status
		"fixtures/errclass/bridgedroute",              // a REST route picking the MCP method is not the endpoint
		"fixtures/errclass/clientinput",               // decode errors are the client's; a REST route is out of scope
		"fixtures/errclass/configureddecoder",         // a configured decoder fails on the client's bytes
		"fixtures/errclass/wrongshape",                // -32700 for JSON that decoded but does not fit
		"fixtures/errclass/serverside",                // server-side failures with a client's code or status
		"fixtures/errclass/returnedresponse/dispatch", // facts: a refusal returned as a response value
		"fixtures/errclass/returnedresponse",          // that response written with HTTP 200
		"fixtures/errclass/paramsshape/codec",         // facts: a decode of params already parsed
		"fixtures/errclass/paramsshape",               // -32700 for params of the wrong shape
		"fixtures/errclass/keyedstatus",               // the status a table gives the code
		"fixtures/errclass/clientasserver",            // the request body's decode answered 500 or -32603
		"fixtures/errclass/handedupfact",              // the same, the decode in another package (a fact)
		"fixtures/errclass/implstore",                 // an interface store whose implementations in sight cannot fail on the server's side
		"fixtures/errclass/notjsoninvalid",            // -32600 for bytes that are not JSON
		"fixtures/errclass/typeddecode",               // -32700 to every failure of a typed decode
		"fixtures/errclass/typeddecode/frame",
		"fixtures/errclass/typeddecode/built",        // a request the package builds itself
		"fixtures/errclass/typeddecode/prevalidated", // -32600 behind a middleware that refused non-JSON
		"fixtures/errclass/typeddecode/prevalidated/unvalidated",
		"fixtures/errclass/frameworks",               // gin and fiber handlers
		"fixtures/errclass/statusvar",                // the status set in branches, written once later
		"fixtures/errclass/envelopector",             // an RPCError handed to the response's constructor
		"fixtures/errclass/paramsshape/session",      // a package that answers no HTTP: codes only
		"fixtures/errclass/storelookup/records",      // facts: a database lookup with absence apart
		"fixtures/errclass/storelookup",              // its error answered -32600 or 400
		"fixtures/errclass/clientsilent",             // the client's own input answered as the client's
		"fixtures/errclass/foldedlookup",             // a store's failure folded into 404 or 403 on an MCP endpoint
		"fixtures/errclass/astype",                   // errors.AsType on *http.MaxBytesError
		"fixtures/errclass/sentineleq",               // err == pkg.ErrX picks one kind, as errors.Is
		"fixtures/errclass/assertedkind",             // err.(*T) asserted picks one kind, as errors.As
		"fixtures/errclass/undelivered",              // an error object sent on a channel or dropped is no answer
		"fixtures/errclass/encodefallback/respond",   // facts: a writer whose 500 is its own encoding failing
		"fixtures/errclass/encodefallback",           // refusals through writers that pin 200 beside that fallback
		"fixtures/errclass/serverstate",              // a backend found down answered as the client's fault
		"fixtures/errclass/builtapart",               // an error object built apart, or a reply built whole
		"fixtures/errclass/ordisjunct",               // err != nil || !ok: the branch runs for every error
		"fixtures/errclass/parsenotdecode",           // -32700 under a test of a decoded message, or an error of a call given no bytes
		"fixtures/errclass/paramscode",               // a params decode answered with another code than -32602
		"fixtures/errclass/envelopeparams",           // the body's decode into the message answered -32602
		"fixtures/errclass/unanswered",               // a failed read or decode of the body answered nothing
		"fixtures/errclass/unconfigured",             // -32603 on 200 for a part of the server not configured, before dispatch
		"fixtures/errclass/missingmethod",            // a message with no method answered -32601
		"fixtures/errclass/missingmethod/stdio",      // the same dispatch in a command with no HTTP
		"fixtures/errclass/missingmethod/fakeserver", // and in test support
		"fixtures/errclass/notificationanswered",     // a notification answered -32601 in a body
		"fixtures/errclass/notificationtold",         // the same default, a notification held back
		"fixtures/errclass/fulltable",                // one 404 for an unknown id and a full session table
		// -32700 handed back as an error value for a message that
		// decoded, by an engine that answers no HTTP.
		"fixtures/errclass/parsevalue/wire",
		"fixtures/errclass/parsevalue",
		// An id variable assigned from itself, followed once.
		"fixtures/errclass/selfassigned",
	)
	var acts []*checker.Action
	for _, r := range results {
		acts = append(acts, r.Action)
		// Issue 8's message form: a short headline, a category per kind.
		for _, d := range r.Action.Diagnostics {
			if len(d.Message) > 130 {
				t.Errorf("%s: headline of %d characters: %s", r.Action.Package.Fset.Position(d.Pos), len(d.Message), d.Message)
			}
			if d.Category == "" && !strings.HasPrefix(d.Message, "unused mcpvet:ignore") {
				t.Errorf("%s: no Category: %s", r.Action.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	seen := facttest.RoundTrip(t, acts, factBudget)
	for _, want := range []string{"answers.SinkFact", "errclass.originFact"} {
		if seen[want] == 0 {
			t.Errorf("no %s was exported; saw %v", want, seen)
		}
	}
}

// TestStrict runs the opt-in rules (-errclass.strict): 413 answered to
// every failed read of a capped body, and a GET of the endpoint answered
// with a document.
func TestStrict(t *testing.T) {
	defer errclass.Analyzer.Flags.Set("strict", "false")
	if err := errclass.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/capped413", "fixtures/errclass/getanswered")
}

// TestSuggestedFixes checks every mechanical fix against its .golden file:
// ParseError becomes Internal, 400/-32700 becomes 500/-32603 in the spelling
// the code used, and a body-limit answer becomes 413.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), errclass.Analyzer, "fixtures/errclass/fixes")
}

// TestFrameworks runs the fixtures that read and answer through a web
// framework's context (stand-ins with the frameworks' import paths and API
// shape, in the GOPATH tree testdata/frameworks).
func TestFrameworks(t *testing.T) {
	root, err := fixtures.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, filepath.Join(root, "testdata", "frameworks"), errclass.Analyzer, "errclass/echobind", "errclass/fiberreply", "errclass/defaultok")
}
