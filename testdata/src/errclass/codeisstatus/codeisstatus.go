// Package codeisstatus: an HTTP status written as the JSON-RPC error's
// code.
package codeisstatus

import (
	"encoding/json"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

func send(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// refuse takes one number for both: the status, and the code.
func refuse(w http.ResponseWriter, id json.RawMessage, status int, msg string) { // want `refuse writes its HTTP status as the JSON-RPC code too`
	send(w, status, envelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: status, Message: msg}})
}

// fail takes the status and the code apart. Silent.
func fail(w http.ResponseWriter, id json.RawMessage, status, code int, msg string) {
	send(w, status, envelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

func serve(w http.ResponseWriter, r *http.Request) {
	var m any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		refuse(w, nil, http.StatusBadRequest, "invalid request")
		return
	}
	obj, ok := m.(map[string]any)
	if !ok {
		fail(w, nil, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	if _, ok := obj["method"].(string); !ok {
		refuse(w, nil, http.StatusBadRequest, "missing method")
		return
	}
	send(w, http.StatusOK, envelope{JSONRPC: "2.0", Result: map[string]any{}})
}

func serveInline(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Content-Type") != "application/json" {
		send(w, http.StatusUnsupportedMediaType, envelope{JSONRPC: "2.0", Error: &rpcError{Code: http.StatusUnsupportedMediaType, Message: "Unsupported Media Type"}}) // want `JSON-RPC error with code 415, the HTTP status`
		return
	}
	var m any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		send(w, http.StatusBadRequest, envelope{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
		return
	}
	send(w, http.StatusOK, envelope{JSONRPC: "2.0", Result: map[string]any{}})
}

func routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", serve)
	mux.HandleFunc("/mcp/inline", serveInline)
}
