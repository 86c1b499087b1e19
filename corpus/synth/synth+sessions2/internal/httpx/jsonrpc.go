// Package httpx has small HTTP helpers shared by the MCP front ends.
package httpx

import (
	"encoding/json"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type errorEnvelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   rpcError        `json:"error"`
}

// WriteJSONRPCError writes a JSON-RPC error envelope with the given HTTP status.
func WriteJSONRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(errorEnvelope{JSONRPC: "2.0", ID: id, Error: rpcError{Code: code, Message: msg}})
}

// Peek reads up to limit bytes of the body and restores it.
func Peek(r *http.Request, limit int64) ([]byte, error) {
	return peek(r, limit)
}
