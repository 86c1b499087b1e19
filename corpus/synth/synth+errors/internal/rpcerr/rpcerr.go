// Package rpcerr holds the JSON-RPC error values the HTTP front ends share.
// Each value knows the HTTP status it is written with, so handlers never
// pick a status on their own.
package rpcerr

import (
	"encoding/json"
	"net/http"
)

// JSON-RPC 2.0 and MCP error codes.
const (
	CodeParse          = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternal       = -32603
	CodeServer         = -32000
	CodeNoResource     = -32002
)

// Error is a JSON-RPC error object plus the HTTP status that carries it.
type Error struct {
	Status  int    `json:"-"`
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`

	cause error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return e.Message + ": " + e.cause.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.cause }

func Parse(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeParse, Message: "Parse error: " + detail}
}

func InvalidRequest(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidRequest, Message: "Invalid Request: " + detail}
}

func BadRequest(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeServer, Message: "Bad Request: " + detail}
}

func InvalidParams(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidParams, Message: "Invalid params: " + detail}
}

func MethodNotFound(method string) *Error {
	return &Error{Status: http.StatusNotFound, Code: CodeMethodNotFound, Message: "Method not found: " + method}
}

func NotFound(what string) *Error {
	return &Error{Status: http.StatusNotFound, Code: CodeNoResource, Message: what + " not found"}
}

// Internal hides cause from the client; it is kept for logging.
func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "Internal error", cause: cause}
}

func Upstream(cause error) *Error {
	return &Error{Status: http.StatusBadGateway, Code: CodeInternal, Message: "Upstream error", cause: cause}
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *Error          `json:"error"`
}

// Write answers with e. id may be nil when the request could not be read.
func Write(w http.ResponseWriter, id json.RawMessage, e *Error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Error: e})
}
