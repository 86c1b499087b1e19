// Package envelopector: the error object handed to a constructor of the
// response, which the writer sends.
package envelopector

import (
	"encoding/json"
	"io"
	"net/http"
)

type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *RPCError       `json:"error,omitempty"`
}

func newErrorResponse(id json.RawMessage, e *RPCError) []byte {
	b, _ := json.Marshal(response{JSONRPC: "2.0", ID: id, Error: e})
	return b
}

func writeHTTPError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(newErrorResponse(id, &RPCError{Code: code, Message: msg}))
}

func handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeHTTPError(w, http.StatusBadRequest, nil, -32700, "could not read body") // want `answers -32700 \(Parse error\) when reading the body fails`
		return
	}
	var req struct{ Method string }
	if err := json.Unmarshal(body, &req); err != nil {
		writeHTTPError(w, http.StatusBadRequest, nil, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}

// APIError is a REST error body: its code is an HTTP status, not a
// JSON-RPC code, and it is not read as an error object.
type APIError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func rest(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(APIError{Message: "accepted"})
}
