package pairs

import (
	"net/http"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Tests build wrong answers on purpose (a fake server, an expected error
// object as go-sdk sends it) and are not judged.
func TestFakeServer(t *testing.T) {
	want := &jsonrpc.Error{Message: "method is invalid during session initialization"}
	_ = want
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_ = &jsonrpc.Error{Code: jsonrpc.CodeInternalError}
	})
	_ = h
}
