// Package ctorcode: session refusals built by constructors that take no
// code (the code is their own), written by a helper that always says 200.
package ctorcode

import (
	"encoding/json"
	"net/http"
)

const codeSessionRequired = -32006

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func newRPCError(code int, msg string) *rpcError {
	return &rpcError{Code: code, Message: msg}
}

func sessionRequired() *rpcError { return newRPCError(codeSessionRequired, "session required") }

func sessionGone(id string) *rpcError { return newRPCError(-32001, "no session "+id) }

type server struct{ sessions map[string]bool }

func (s *server) writeErr(w http.ResponseWriter, e *rpcError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": e})
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		s.writeErr(w, sessionRequired()) // want `answers 200 to a request without Mcp-Session-Id`
		return
	}
	if !s.sessions[id] {
		s.writeErr(w, sessionGone(id)) // want `answers 200 to an unknown or expired Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
