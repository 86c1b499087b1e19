package errclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
)

// TestForeignCodec pins a third-party codec's Marshal and Unmarshal, whose
// errors no fact explains: encoding the server's value fails on the
// server's side, decoding the client's bytes on the client's.
func TestForeignCodec(t *testing.T) {
	analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/foreigncodec")
}
