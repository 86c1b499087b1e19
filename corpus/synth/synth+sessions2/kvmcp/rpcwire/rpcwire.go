// Package rpcwire writes JSON-RPC 2.0 envelopes over HTTP.
package rpcwire

import (
	"encoding/json"
	"net/http"
)

const (
	CodeParseError      = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternal        = -32603
	CodeSessionRequired = -32000
	CodeSessionNotFound = -32001
)

var statusByCode = map[int]int{
	CodeParseError:      http.StatusBadRequest,
	CodeInvalidRequest:  http.StatusBadRequest,
	CodeInvalidParams:   http.StatusBadRequest,
	CodeSessionRequired: http.StatusBadRequest,
	CodeSessionNotFound: http.StatusNotFound,
	CodeInternal:        http.StatusInternalServerError,
}

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// WriteError sends a JSON-RPC error with the HTTP status that goes with code.
func WriteError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	status, ok := statusByCode[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(Response{JSONRPC: "2.0", ID: id, Error: &Error{Code: code, Message: msg}})
}

func WriteResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(Response{JSONRPC: "2.0", ID: id, Result: result})
}

// WriteCallError answers a call the transport accepted: the exchange itself
// succeeded, so the status is 200 and the failure is in the envelope.
func WriteCallError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(Response{JSONRPC: "2.0", ID: id, Error: &Error{Code: code, Message: msg}})
}
