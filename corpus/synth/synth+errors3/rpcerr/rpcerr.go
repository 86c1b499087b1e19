// Package rpcerr holds the JSON-RPC error plumbing shared by our HTTP
// handlers.
package rpcerr

import (
	"encoding/json"
	"net/http"
)

const (
	ParseError     = -32700
	InvalidRequest = -32600
	MethodNotFound = -32601
	InvalidParams  = -32602
	InternalError  = -32603
)

type Object struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type Response struct {
	JSONRPC string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *Object `json:"error"`
}

// Write sends a JSON-RPC error object with the given HTTP status.
func Write(w http.ResponseWriter, status, code int, msg string) {
	WriteID(w, nil, status, code, msg)
}

func WriteID(w http.ResponseWriter, id any, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(Response{
		JSONRPC: "2.0",
		ID:      id,
		Error:   &Object{Code: code, Message: msg},
	})
}
