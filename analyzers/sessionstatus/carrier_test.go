package sessionstatus_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// TestHeaderCarriers pins ids read from header carriers other than an
// *http.Request: a proxy filter's header records, a map of headers, another
// package's accessor.
func TestHeaderCarriers(t *testing.T) {
	analysistest.Run(t, testdata(t), sessionstatus.Analyzer, "fixtures/sessionstatus/headercarrier")
}
