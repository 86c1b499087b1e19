// Package jrpc carries JSON-RPC errors through the gateway as Go errors
// and writes them at the edge.
package jrpc

import (
	"encoding/json"
	"net/http"
)

type Error struct {
	Status  int    `json:"-"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func ParseError(cause error) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32700, Message: "Parse error"}
}

func InvalidRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32600, Message: "Invalid Request: " + msg}
}

func InvalidParams(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32602, Message: "Invalid params: " + msg}
}

func SessionRequired() *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
}

func UnknownSession() *Error {
	return &Error{Status: http.StatusNotFound, Code: -32001, Message: "Session not found"}
}

func Internal() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error"}
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *Error          `json:"error,omitempty"`
	Result  any             `json:"result,omitempty"`
}

func Write(w http.ResponseWriter, id json.RawMessage, e *Error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Error: e})
}

func Result(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Result: v})
}
