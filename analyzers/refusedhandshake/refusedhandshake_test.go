package refusedhandshake_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// go-sdk transports: leaks, discarded sessions, the session-map recipe,
// the correct shapes and the false negatives we keep on purpose.
func TestSDK(t *testing.T) {
	analysistest.Run(t, testdata(t), refusedhandshake.Analyzer,
		"fixtures/refusedhandshake/sdkleak",
		"fixtures/refusedhandshake/discarded",
		"fixtures/refusedhandshake/sessionmap",
		"fixtures/refusedhandshake/sdkgood",
		"fixtures/refusedhandshake/falsenegatives",
	)
}

// //mcpvet:ignore silences a finding; one that silences nothing is reported.
func TestIgnoreDirectives(t *testing.T) {
	analysistest.Run(t, testdata(t), refusedhandshake.Analyzer, "fixtures/refusedhandshake/ignored")
}

// mcpwire transports: per-request without the option (fix sets it),
// long-lived with it (fix removes it), and the correct shapes.
func TestRuntime(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), refusedhandshake.Analyzer,
		"fixtures/refusedhandshake/runtimebad",
		"fixtures/refusedhandshake/longlived",
		"fixtures/refusedhandshake/longlivedmain",
		"fixtures/refusedhandshake/runtimegood",
	)
}
