// Package rpcstatus pairs JSON-RPC error codes with the HTTP status the
// transport answers them with, so handlers only ever pick a code.
package rpcstatus

import (
	"encoding/json"
	"net/http"
)

const (
	ParseError      = -32700
	InvalidRequest  = -32600
	MethodNotFound  = -32601
	InvalidParams   = -32602
	InternalError   = -32603
	ServerError     = -32000
	SessionNotFound = -32001
)

var statusByCode = map[int]int{
	ParseError:      http.StatusBadRequest,
	InvalidRequest:  http.StatusBadRequest,
	InvalidParams:   http.StatusBadRequest,
	ServerError:     http.StatusBadRequest,
	SessionNotFound: http.StatusNotFound,
}

// StatusFor returns the HTTP status for code. Codes without an entry are
// client mistakes we did not bother to list.
func StatusFor(code int) int {
	if st, ok := statusByCode[code]; ok {
		return st
	}
	return http.StatusBadRequest
}

type errorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	Error   errorObject     `json:"error"`
	ID      json.RawMessage `json:"id"`
}

// Write sends a JSON-RPC error. id may be nil when the request id is not
// known.
func Write(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage(`null`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(StatusFor(code))
	json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", Error: errorObject{code, msg}, ID: id})
}
