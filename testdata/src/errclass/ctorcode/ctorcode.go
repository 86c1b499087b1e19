// Package ctorcode pins JSON-RPC error objects built by a constructor of
// the package's own, given the code as a constant, paired with the status
// written beside them: a writer that always sends -32603 makes every 4xx
// it writes a contradiction, at each call.
package ctorcode

import (
	"encoding/json"
	"net/http"
)

const internalError = -32603

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	Version string    `json:"jsonrpc"`
	Error   *rpcError `json:"error"`
}

func newErrorResponse(code int, msg string) *response {
	return &response{Version: "2.0", Error: &rpcError{Code: code, Message: msg}}
}

type transport struct{}

// fail writes every failure with -32603, whatever the status: one finding
// here, its 4xx calls as related positions.
func (t *transport) fail(w http.ResponseWriter, status int, msg string) { // want `fail pairs -32603 \(Internal error\) with the 4xx statuses its callers pass \(2 calls\)`
	resp := newErrorResponse(internalError, msg)
	b, err := json.Marshal(resp)
	if err != nil {
		return
	}
	w.WriteHeader(status)
	w.Write(b)
}

func (t *transport) serve(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		if r.Header.Get("Accept") == "" {
			t.fail(w, http.StatusBadRequest, "missing Accept")
			return
		}
		panic("serve the post")
	default:
		t.fail(w, http.StatusMethodNotAllowed, "method not allowed")
	}
}

// A router answering only in its default case is no helper: calling it is
// not an answer, so this call is not reported again.
func (t *transport) entry(w http.ResponseWriter, r *http.Request) {
	t.serve(w, r)
}

func (t *transport) good(w http.ResponseWriter) {
	t.fail(w, http.StatusInternalServerError, "store failed")
}
