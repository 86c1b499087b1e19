package sessionstatus_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

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

// TestFixtures runs every sessionstatus fixture package in one load: the
// fixtures module type-checks go-sdk from source, which dominates the cost.
func TestFixtures(t *testing.T) {
	analysistest.Run(t, testdata(t), sessionstatus.Analyzer,
		"fixtures/sessionstatus/respond",
		"fixtures/sessionstatus/unknown",
		"fixtures/sessionstatus/missing",
		"fixtures/sessionstatus/suppressed",
		// Regressions, named after what they pin.
		"fixtures/sessionstatus/gosdklookupsession",
		"fixtures/sessionstatus/initializebranch",
		"fixtures/sessionstatus/validateid",
		"fixtures/sessionstatus/reusedok",
	)
}

// TestSuggestedFixes checks the status fixes (404 for an unknown session,
// 400 for a missing one) against their .golden file.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), sessionstatus.Analyzer, "fixtures/sessionstatus/fixes")
}
