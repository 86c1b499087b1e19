package refusedhandshake_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// TestAnalyzer runs every fixture package in one load (each load
// type-checks go-sdk from source): must-flag packages with `// want` and
// .golden files for the fixes, must-not-flag packages beside them.
func TestAnalyzer(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, refusedhandshake.Analyzer,
		// go-sdk transports
		"fixtures/refusedhandshake/sdkleak",
		"fixtures/refusedhandshake/discarded",
		"fixtures/refusedhandshake/sessionmap",
		"fixtures/refusedhandshake/mapentry", // the fix removes the map entry too
		"fixtures/refusedhandshake/sdkgood",
		"fixtures/refusedhandshake/gosdk578",
		"fixtures/refusedhandshake/sessionfactory",
		"fixtures/refusedhandshake/sessionfactory/sdklib",
		"fixtures/refusedhandshake/sessionsreaper",
		"fixtures/refusedhandshake/paths",
		"fixtures/refusedhandshake/forked",
		"fixtures/refusedhandshake/run",
		"fixtures/refusedhandshake/wrappers",
		"fixtures/refusedhandshake/forked/internal/mcp",
		"fixtures/refusedhandshake/probeleak",
		"fixtures/refusedhandshake/probeleak/internal/mcp",
		"fixtures/refusedhandshake/probefixed",
		"fixtures/refusedhandshake/probefixed/internal/mcp",
		// mcpwire runtime transports
		"fixtures/refusedhandshake/runtimebad",
		"fixtures/refusedhandshake/longlived",
		"fixtures/refusedhandshake/longlivedmain",
		"fixtures/refusedhandshake/runtimegood",
		"fixtures/refusedhandshake/crosspkg",
		"fixtures/refusedhandshake/crosspkg/lib",
		// hand-rolled session tables
		"fixtures/refusedhandshake/tablebeforeinit",
		"fixtures/refusedhandshake/tablerefused",
		"fixtures/refusedhandshake/tablestore",   // a session store behind an interface
		"fixtures/refusedhandshake/foreignstore", // a concrete store of another package, read by its verbs
		"fixtures/refusedhandshake/foreignstore/kv",
		"fixtures/refusedhandshake/calleerefused", // registered by a callee, refused by a later one
		"fixtures/refusedhandshake/calleerefused/good",
		"fixtures/refusedhandshake/switchcases",   // other cases of the method switch are other requests
		"fixtures/refusedhandshake/idsentrefused", // the id on a refused initialize's answer does not make it the client's
		"fixtures/refusedhandshake/ctorerrobject", // a constructor mints the id; a JSON-RPC error object refuses at 200
		"fixtures/refusedhandshake/perbackend",    // a per-session backend kept by another package's registrar
		"fixtures/refusedhandshake/perbackend/backends",
		"fixtures/refusedhandshake/perbackend/good",
		"fixtures/refusedhandshake/sealedregistry", // a sealed interface's one implementation calls another package's registrar
		"fixtures/refusedhandshake/sealedregistry/ledger",
		"fixtures/refusedhandshake/sealedregistry/good",
		"fixtures/refusedhandshake/tablerefused/uuid",
		"fixtures/refusedhandshake/tableunanswered", // answered without the id: 202, a JSON-RPC error, a 204
		"fixtures/refusedhandshake/tableverdict",    // the dispatch's answer written as it is
		"fixtures/refusedhandshake/slicedverdict",   // the answers collected in a slice, a failure answered in place
		"fixtures/refusedhandshake/tablenever",
		"fixtures/refusedhandshake/tablenever/good",
		"fixtures/refusedhandshake/deleteonly", // a table a DELETE empties by the request's id holds sessions
		"fixtures/refusedhandshake/deleteonly/good",
		"fixtures/refusedhandshake/onesidedclose",
		// leaks deliberately not reported, and suppression directives
		"fixtures/refusedhandshake/shapes",
		"fixtures/refusedhandshake/falsenegatives",
		"fixtures/refusedhandshake/ignored",
	)
}

// TestFrameworks runs the fixtures whose handlers take gin's context (a
// stand-in with its import path and API shape, in the GOPATH tree
// testdata/frameworks).
func TestFrameworks(t *testing.T) {
	root, err := fixtures.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, filepath.Join(root, "testdata", "frameworks"), refusedhandshake.Analyzer, "refusedhandshake/ginregistered", "refusedhandshake/ginforward", "refusedhandshake/fiberfallback", "refusedhandshake/echoreturned")
}
