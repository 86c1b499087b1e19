package modeldump_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/internal/modeldump"
)

// TestAnswers pins the rendering scripts/field-corpus -perception parses.
func TestAnswers(t *testing.T) {
	dir, err := fixtures.Dir()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, modeldump.Analyzer, "fixtures/modeldump/answers")
}
