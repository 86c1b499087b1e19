// Package rpcerr writes JSON-RPC error envelopes for the HTTP transports.
package rpcerr

import (
	"encoding/json"
	"net/http"
)

const (
	CodeInvalidRequest = -32600
	CodeInternal       = -32603
	CodeServer         = -32000
	CodeNoSession      = -32001
)

type body struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Write sends a JSON-RPC error with the given HTTP status. id may be nil.
func Write(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	var b body
	b.JSONRPC = "2.0"
	b.ID = id
	if len(b.ID) == 0 {
		b.ID = json.RawMessage("null")
	}
	b.Error.Code = code
	b.Error.Message = msg
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(&b)
}

// MissingSession answers a request that should have carried Mcp-Session-Id.
func MissingSession(w http.ResponseWriter, id json.RawMessage) {
	Write(w, http.StatusBadRequest, id, CodeServer, "Bad Request: Mcp-Session-Id header is required")
}

// UnknownSession answers a request whose session is gone; clients re-initialize.
func UnknownSession(w http.ResponseWriter, id json.RawMessage) {
	Write(w, http.StatusNotFound, id, CodeNoSession, "Session not found")
}
