// Package fakeserver: test support, an MCP endpoint that tests of a client
// drive with the messages they choose. It decodes and dispatches with no
// test of the method, as missingmethod's route does; a fake answers what
// its tests send, so its dispatch is not judged. Silent.
package fakeserver

import (
	"encoding/json"
	"net/http"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// Handler answers the tests' requests.
func Handler(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var resp response
	switch req.Method {
	case "initialize":
		resp = response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": "2025-06-18"}}
	default:
		resp = response{JSONRPC: "2.0", ID: req.ID, Error: &rpcError{Code: -32601, Message: "Method not found"}}
	}
	json.NewEncoder(w).Encode(resp)
}
