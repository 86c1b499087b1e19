// Package rejected is the error a runtime connection returns for a server
// message it cannot deliver.
package rejected

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Err has the code of go-sdk's internal jsonrpc2.ErrRejected, and
// jsonrpc.Error's Is compares codes: a write failing with it fails that
// message without go-sdk marking the whole connection broken.
var Err = &jsonrpc.Error{Code: -32005, Message: "rejected by transport"}

// Errorf is Err with the reason.
func Errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", Err, fmt.Sprintf(format, args...))
}
