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

func TestParseCode(t *testing.T) {
	analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/rpcutil", "fixtures/errclass/parsecode")
}
