package stateless_test

import (
	"testing"

	"go.uber.org/goleak"
)

// Every directly served request ends its server session: no goroutine is
// left behind by any test.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
