// Package rpcerr writes JSON-RPC error responses for the HTTP layer.
// Every helper fixes both the status and the code so they cannot drift.
package rpcerr

import (
	"encoding/json"
	"fmt"
	"net/http"
)

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type body struct {
	JSONRPC string          `json:"jsonrpc"`
	Error   Error           `json:"error"`
	ID      json.RawMessage `json:"id"`
}

func Write(w http.ResponseWriter, status int, id json.RawMessage, e Error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body{JSONRPC: "2.0", Error: e, ID: id})
}

func TooLarge(w http.ResponseWriter, limit int64) {
	Write(w, http.StatusRequestEntityTooLarge, nil, Error{Code: -32000, Message: fmt.Sprintf("Request body larger than %d bytes", limit)})
}

func Unreadable(w http.ResponseWriter) {
	Write(w, http.StatusBadRequest, nil, Error{Code: -32000, Message: "Bad Request: the request body could not be read"})
}

func Parse(w http.ResponseWriter) {
	Write(w, http.StatusBadRequest, nil, Error{Code: -32700, Message: "Parse error: body is not valid JSON"})
}

func BadRequest(w http.ResponseWriter, id json.RawMessage, msg string) {
	Write(w, http.StatusBadRequest, id, Error{Code: -32600, Message: "Invalid Request: " + msg})
}

func MissingSession(w http.ResponseWriter, id json.RawMessage) {
	Write(w, http.StatusBadRequest, id, Error{Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"})
}

func UnknownSession(w http.ResponseWriter, id json.RawMessage) {
	Write(w, http.StatusNotFound, id, Error{Code: -32001, Message: "Session not found"})
}

func Internal(w http.ResponseWriter, id json.RawMessage) {
	Write(w, http.StatusInternalServerError, id, Error{Code: -32603, Message: "Internal error"})
}
