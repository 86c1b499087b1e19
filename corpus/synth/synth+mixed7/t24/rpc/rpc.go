// Package rpc writes JSON-RPC error responses for the gateway.
package rpc

import (
	"encoding/json"
	"net/http"
)

const (
	ParseError     = -32700
	InvalidRequest = -32600
	InternalError  = -32603
	ServerError    = -32000
	SessionMissing = -32001
)

func Error(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}
