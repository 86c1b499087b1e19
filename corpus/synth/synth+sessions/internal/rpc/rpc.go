// Package rpc holds the JSON-RPC error envelope shared by several endpoints.
package rpc

import (
	"encoding/json"
	"net/http"
)

// Standard and MCP-specific JSON-RPC error codes.
const (
	CodeParseError      = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternal        = -32603
	CodeServerError     = -32000
	CodeSessionNotFound = -32001
)

// Error is the "error" member of a JSON-RPC response.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// Response is a JSON-RPC error response.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *Error          `json:"error"`
}

// NewError builds an error response for id (nil becomes JSON null).
func NewError(id json.RawMessage, code int, msg string) Response {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return Response{JSONRPC: "2.0", ID: id, Error: &Error{Code: code, Message: msg}}
}

// WriteError writes a JSON-RPC error with the given HTTP status.
func WriteError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(NewError(id, code, msg))
}
