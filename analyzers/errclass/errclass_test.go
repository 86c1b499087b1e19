package errclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
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

// TestFixtures runs every errclass fixture package in one load: the
// fixtures module type-checks go-sdk from source, which dominates the cost.
func TestFixtures(t *testing.T) {
	analysistest.Run(t, testdata(t), errclass.Analyzer,
		"fixtures/errclass/rpcutil",     // facts: sink and origin helpers
		"fixtures/errclass/parsecode",   // -32700 for server-side failures
		"fixtures/errclass/status400",   // 400 for server-side failures
		"fixtures/errclass/pairs",       // contradicting status and code, code 0
		"fixtures/errclass/bodylimit",   // a body over the limit must be 413
		"fixtures/errclass/suppressed",  // //mcpvet:ignore, used and unused
		"fixtures/errclass/sessioncode", // -32700 for a session-id refusal
		// Regressions, named after what they pin.
		"fixtures/errclass/sdkwritejsonrpcerror",
		"fixtures/errclass/phimerge",
		"fixtures/errclass/eventreplayiterator",
		"fixtures/errclass/clientfaultvalidator",
		"fixtures/errclass/errorsissentinel",
		"fixtures/errclass/generichooks",
	)
}

// TestSuggestedFixes checks every mechanical fix against its .golden file:
// ParseError becomes Internal, 400/-32700 becomes 500/-32603 in the spelling
// the code used, and a body-limit answer becomes 413.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), errclass.Analyzer, "fixtures/errclass/fixes")
}

// TestInternalFlag: -errclass.internal adds functions whose failures are the
// server's (here a concrete method without a context, which errclass does
// not recognise by shape).
func TestInternalFlag(t *testing.T) {
	defer errclass.Analyzer.Flags.Set("internal", "")
	if err := errclass.Analyzer.Flags.Set("internal", "(*fixtures/errclass/internalflag.tenants).Lookup"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/internalflag")
}
