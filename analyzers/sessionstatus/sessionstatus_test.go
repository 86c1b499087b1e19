package sessionstatus_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpwire/mcpwire/analyzers/internal/facttest"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFixtures runs every sessionstatus fixture package in one load (the
// fixtures module type-checks go-sdk from source, which dominates the
// cost), then round-trips every fact the run exported.
func TestFixtures(t *testing.T) {
	results := analysistest.Run(t, testdata(t), sessionstatus.Analyzer,
		"fixtures/sessionstatus/respond",
		"fixtures/sessionstatus/unknown",
		"fixtures/sessionstatus/missing",
		"fixtures/sessionstatus/suppressed",
		"fixtures/sessionstatus/good",       // a correct router: no findings
		"fixtures/sessionstatus/frameworks", // gin and fiber handlers
		"fixtures/sessionstatus/search",     // a slice searched for the id
		// Regressions, named after what they pin.
		"fixtures/sessionstatus/gosdklookupsession",
		"fixtures/sessionstatus/initializebranch",
		"fixtures/sessionstatus/validateid",
		"fixtures/sessionstatus/reusedok",
		"fixtures/sessionstatus/boolmap",        // ok := sessions[id] on a map[string]bool
		"fixtures/sessionstatus/validators",     // Exists, IsValid, IsExpired, Validate
		"fixtures/sessionstatus/idflow",         // conversions, helpers, fields
		"fixtures/sessionstatus/reaching",       // the assignment that reaches the test
		"fixtures/sessionstatus/ctorstatus",     // NewAPIError(401, ...)
		"fixtures/sessionstatus/returnedstatus", // return 403, err; &HTTPError{Status: 400, ...}
		"fixtures/sessionstatus/valuelookup",    // Load(ctx, id) (Session, error) and its sentinels
		"fixtures/sessionstatus/threeresults",   // Get(ctx, id) (Session, bool, error)
		"fixtures/sessionstatus/unknownserved",  // an unknown id answered 200 or 204
		"fixtures/sessionstatus/encodedrefusal", // an unknown id refused in a body encoded with no status
		"fixtures/sessionstatus/initreturns",    // an id minted in a branch that returns does not reach past it
		"fixtures/sessionstatus/redisnil",       // go-redis's constant Nil told apart, or not
		"fixtures/sessionstatus/sealedid",       // ids that are sealed tokens (ai-gateway)
		// A session sentinel of the call's package not told apart from
		// its other errors (go-mcp's Receive).
		"fixtures/sessionstatus/unlistedsentinel",
		// A missing id reaching a lookup answered 404 (unla), and a
		// package that never answers a missing id (not judged).
		"fixtures/sessionstatus/untestedmissing",
		"fixtures/sessionstatus/untestedmissing/nomissing",
		"fixtures/sessionstatus/untestedmissing/issued",
		// The method test nested under the missing-id test.
		"fixtures/sessionstatus/nestedinit",
		// Shapes seen in code mcpvet was not tuned on.
		"fixtures/sessionstatus/sentinelhelper",  // errors.New("missing session"), errors.New("unknown session")
		"fixtures/sessionstatus/ownstore",        // _, ok := s.sessions.get(id)
		"fixtures/sessionstatus/errorsisswitch",  // 403, 400 and 404 told apart by errors.Is: silent
		"fixtures/sessionstatus/mergedvalidator", // false for "" and unknown alike
		"fixtures/sessionstatus/adopt",           // a get-or-create keyed by the client's id
		"fixtures/sessionstatus/adopt/records",   // a store of another package saving a record built with the id on a miss
		"fixtures/sessionstatus/statusvar",       // the status set in branches, written once later
		"fixtures/sessionstatus/ctorcode",        // refusals built by constructors with their own code, written 200
		"fixtures/sessionstatus/fixation",        // an initialize keeping the client's id
		"fixtures/sessionstatus/endunknown",      // a DELETE of an unknown id answered 204
		"fixtures/sessionstatus/endany",          // ended with no lookup, answered 2xx
		"fixtures/sessionstatus/deleteunread",    // a DELETE route answered 2xx with no id read
		"fixtures/sessionstatus/gone5xx",         // a lookup's not-found answered 5xx
		"fixtures/sessionstatus/gonebuilt",       // the same, read as a lookup or handed the request
		"fixtures/sessionstatus/gonesentinel",    // session.ErrExpired of err := mgr.Touch(id)
		"fixtures/sessionstatus/keyedstatus",     // the status a table gives the code
		"fixtures/sessionstatus/lateid",          // var sid string; sid = vals[0] in a branch
		"fixtures/sessionstatus/ifaceid",         // the id read through an interface
		// A table miss that falls through to serving; a pass-through
		// gateway and a stateless server stay silent.
		"fixtures/sessionstatus/served",
		"fixtures/sessionstatus/servedproxy",
		"fixtures/sessionstatus/servedstateless",
		// An unknown id given a fresh session and served.
		"fixtures/sessionstatus/replaced",
		"fixtures/sessionstatus/replaced/coalesced", // if s == nil { s = Create() } after the lookup, then served
		"fixtures/sessionstatus/freshonmiss",        // by a get-or-create of the package or another (a fact)
		// A get-or-create of another package, known by a fact.
		"fixtures/sessionstatus/adoptfact",
		// A function of the table true only for an id it holds.
		"fixtures/sessionstatus/member",
		// The initialize's id from a helper: the header, else a minted one.
		"fixtures/sessionstatus/fixationhelper",
		// A branch taken when any one of several tests holds.
		"fixtures/sessionstatus/anyof",
		"fixtures/sessionstatus/membership",    // a table's bool methods read by their bodies
		"fixtures/sessionstatus/helperreturns", // a helper's errors read by the tests they are returned under
		// The id under another header, tested by a hook in a field.
		"fixtures/sessionstatus/carriers",
		// Each state of the id as a test spells it.
		"fixtures/sessionstatus/states",
		// The id read through a helper of another package (a fact).
		"fixtures/sessionstatus/idfact",
		// A store of another package whose lookup fails not-found (a fact).
		"fixtures/sessionstatus/gonefact",
		// Request functions of another package failing for a missing
		// or an unknown id, answered by the caller (a fact).
		"fixtures/sessionstatus/kindsfact",
		// A check that judges only a present id, then serving.
		"fixtures/sessionstatus/optionalid",
		"fixtures/sessionstatus/neverrequired", // past an initialize branch nothing refuses
		"fixtures/sessionstatus/neverrequired/behindcheck",
		"fixtures/sessionstatus/neverrequired/unknownonly",
		"fixtures/sessionstatus/commaokmethod",
		"fixtures/sessionstatus/missingserved",
		"fixtures/sessionstatus/missingserved/stateless",
		"fixtures/sessionstatus/streamunchecked",
		"fixtures/sessionstatus/streamunchecked/validated", // ids minted elsewhere, refused 4xx here
		"fixtures/sessionstatus/streamunchecked/logged",    // the id read only to log it: silent
		"fixtures/sessionstatus/gonemerged",                // an unknown id among a helper's failures, answered 500
		"fixtures/sessionstatus/carriedid",                 // the client's id handed, unchecked, to the function that creates under it
		"fixtures/sessionstatus/untested",                  // a session stored under the id as it came, on the unknown id's way
		"fixtures/sessionstatus/initrefused",               // a missing id refused before initialize is told apart
		"fixtures/sessionstatus/initrefused/good",
		"fixtures/sessionstatus/learnedmiss",         // errors known for the unknown id by where they are returned
		"fixtures/sessionstatus/learnedmiss/viafact", // such an error of another package, by a fact
		"fixtures/sessionstatus/ctxcarrier",          // the id carried in the request's context under a key of the package
		// Sessions issued and recorded, the table never read by key.
		"fixtures/sessionstatus/neverlooked",
		"fixtures/sessionstatus/neverlooked/checked",
		"fixtures/sessionstatus/neverlooked/handedon",
		// Ids handed out and never tested against anything: reported
		// once per package; not where a layer of another package may
		// check them, nor for a stateless echo, a lookup or a hybrid.
		"fixtures/sessionstatus/neverchecked",
		"fixtures/sessionstatus/neverchecked/echoed",
		"fixtures/sessionstatus/neverchecked/delegated",
		"fixtures/sessionstatus/neverchecked/delegatedrefusing", // the layer in a module whose path has no dot
		"fixtures/sessionstatus/neverchecked/stateless",
		"fixtures/sessionstatus/neverchecked/looked",
		"fixtures/sessionstatus/neverchecked/hybrid",
		"fixtures/sessionstatus/neverchecked/earlyinit",         // initialize answered in an if that returns, the rest served
		"fixtures/sessionstatus/neverchecked/proxied",           // the rest handed to a reverse proxy: the upstream tests the id
		"fixtures/sessionstatus/neverchecked/infolookup",        // a lookup of another package named Info, as a logger's level is
		"fixtures/sessionstatus/neverchecked/infolookup/logged", // the same shape whose Info only records
		// The unknown id's branch named by no test around the answer:
		// after a served branch that returns, an if-else chain's last
		// else, a tagless switch's case.
		"fixtures/sessionstatus/chains",
		// A missing id resolved to a session by a helper given a flag.
		"fixtures/sessionstatus/missinghelper",
		"fixtures/sessionstatus/missinghelper/good",
		"fixtures/sessionstatus/missinghelper/viafact", // the helper in another package (kindsFact.OK)
		// The id compared with the one session a field holds, a mismatch only logged.
		"fixtures/sessionstatus/storedid",
		// Refusals built as error objects and written later with 200:
		// a batch's slice, a method handler's returned error.
		"fixtures/sessionstatus/latervalue",
		"fixtures/sessionstatus/reached", // the answer a state reaches, wherever it sits
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
	if seen := facttest.RoundTrip(t, acts, 220); seen["answers.SinkFact"] == 0 {
		t.Errorf("no answers.SinkFact was exported; saw %v", seen)
	}
}

// TestSuggestedFixes checks the status fixes (404 for an unknown session,
// 400 for a missing one, 404 for a call whose only error is an unknown
// session) against their .golden files.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), sessionstatus.Analyzer,
		"fixtures/sessionstatus/fixes", "fixtures/sessionstatus/refusalonly")
}

// TestFrameworks runs the fixtures that answer through gin, echo and fiber
// (stand-ins with the frameworks' import paths and API shape, in the GOPATH
// tree testdata/frameworks).
func TestFrameworks(t *testing.T) {
	root, err := fixtures.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, filepath.Join(root, "testdata", "frameworks"), sessionstatus.Analyzer,
		"sessionstatus/ginserver", "sessionstatus/echoserver", "sessionstatus/fiberserver",
		"sessionstatus/ginuntested", "sessionstatus/ginserved",
		"sessionstatus/plainerrors", "sessionstatus/customhandler", "sessionstatus/echohelper",
		"sessionstatus/mcpgoids", "sessionstatus/sdksessionid", "sessionstatus/fibererrvar")
}
