// Package fixedhelper: a refusal written through a helper that always sets
// HTTP 200. The finding at the call names the helper's WriteHeader too,
// since that line is what every caller would need changed.
package fixedhelper

import (
	"encoding/json"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

func send(w http.ResponseWriter, r reply) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK) // the fixed status
	_ = json.NewEncoder(w).Encode(r)
}

func quiet(w http.ResponseWriter, r reply) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(r) // no status: 200
}

func serve(w http.ResponseWriter, r *http.Request) {
	var msg map[string]any
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		send(w, reply{Version: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}}) // want `answers -32700 \(Parse error\) with HTTP 200` "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if msg["jsonrpc"] != "2.0" {
		quiet(w, reply{Version: "2.0", Error: &rpcError{Code: -32600, Message: "Invalid Request"}}) // want `answers -32600 \(Invalid Request\) with HTTP 200`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
