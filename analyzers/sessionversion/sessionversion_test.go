package sessionversion_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/sessionversion"
)

// TestFixtures runs the fixture packages: bad restates the real shapes
// (a field, a local, an atomic.Value, a gate placed only on the GET stream),
// reinit the recovery paths and the late gate, getstream, forward and mint
// the other three shapes with their correct neighbours; good and earlier
// must stay silent, and statelessproto is silent but for its neighbour gated
// on the server's stateless mode only.
func TestFixtures(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sessionversion.Analyzer,
		"fixtures/sessionversion/bad",
		"fixtures/sessionversion/good",
		"fixtures/sessionversion/earlier",
		"fixtures/sessionversion/reinit",
		"fixtures/sessionversion/getstream",
		"fixtures/sessionversion/mint",
		"fixtures/sessionversion/statelessproto",
		"fixtures/sessionversion/pinnedhelper",  // an initialize pinning 2025-06-18 keeps its id rightly
		"fixtures/sessionversion/negotiate",     // initialize refused for a revision, beside its correct neighbours
		"fixtures/sessionversion/pinned",        // an HTTP server's initialize result pinned, the proposal never read
		"fixtures/sessionversion/pinnedchosen",  // the pinned constant chosen after comparing with the proposal
		"fixtures/sessionversion/pinnedstdio",   // a stdio server: no HTTP endpoint
		"fixtures/sessionversion/pinnedsse",     // the HTTP+SSE transport, which 2024-11-05 defines
		"fixtures/sessionversion/pinnedssepkg",  // the same transport in another package of the module
		"fixtures/sessionversion/helperserver",  // a test helper's fake server and a client's own initialize
		"fixtures/sessionversion/pinnedlisted",  // one revision answered though the package lists others
		"fixtures/sessionversion/pinnedone",     // one revision served: silent; an assigned result read too
		"fixtures/sessionversion/pinnedpaths",   // a read on another transport's path, and a gate on the way in
		"fixtures/sessionversion/versionstatus", // the header's refusal answered with another status than 400
		"fixtures/sessionversion/missingheader", // a request naming no revision refused before initialize is told apart
		"fixtures/sessionversion/missingheader/good",
		"fixtures/sessionversion/missingheader/modern",
		"fixtures/sessionversion/oldrevision", // a negotiation that takes and answers 2024-11-05 on Streamable HTTP
		"fixtures/sessionversion/oldrevision/good",
		"fixtures/sessionversion/oldrevision/legacy",
		// initialize results that echo the proposal, and ones that
		// test it first or hand it to a function choosing the answer.
		"fixtures/sessionversion/echoed",
		"fixtures/sessionversion/echoed/checked",
		"fixtures/sessionversion/echoed/helped",
		// A gateway holding its own upstream session relays the client's
		// hop headers; a transparent proxy holding none rightly does.
		"fixtures/sessionversion/held",
		"fixtures/sessionversion/held/mirrored", // one upstream session per client, opened by the client's own initialize
		"fixtures/sessionversion/held/transparent",
		// The client's hop headers reaching the upstream of a gateway
		// holding its own session through a local, the held field, a
		// helper's parameter (also in another package), a helper handed
		// the request, a partial skip loop and a Set only if absent.
		"fixtures/sessionversion/held/relay",
		"fixtures/sessionversion/held/relay/forwarder",
		"fixtures/sessionversion/held/relay/passthrough",
		"fixtures/sessionversion/held/relay/echoer", // the client's own id echoed back, relayed to a holding package
		"fixtures/sessionversion/held/relay/opener",
		"fixtures/sessionversion/held/redispatch",
		// A hand-written server that never reads MCP-Protocol-Version, and
		// ones that do or whose module names it.
		"fixtures/sessionversion/versionheader",
		"fixtures/sessionversion/versionheader/checked",
		"fixtures/sessionversion/versionheader/wrapped",
		"fixtures/sessionversion/versionheader/earlier",
	)
}

// TestForwardFixes checks the suggested fixes of the proxy shapes against
// forward.go.golden: ForwardHeader for a cloned header, Set for an Add.
func TestForwardFixes(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, sessionversion.Analyzer, "fixtures/sessionversion/forward")
}

// TestUpstreamCopies checks the round-trippers that copy the downstream
// caller's headers under the client's own upstream session, and the fix
// that filters them through protocol.ForwardHeader.
func TestUpstreamCopies(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, sessionversion.Analyzer, "fixtures/sessionversion/upstream")
}

// TestFrameworks runs the fixtures that answer through gin (a stand-in with
// its import path and API shape, in the GOPATH tree testdata/frameworks).
func TestFrameworks(t *testing.T) {
	root, err := fixtures.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, filepath.Join(root, "testdata", "frameworks"), sessionversion.Analyzer, "sessionversion/ginpinned", "sessionversion/ginnegotiate", "sessionversion/ginforward")
}
