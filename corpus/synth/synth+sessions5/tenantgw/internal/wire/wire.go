// Package wire writes JSON-RPC errors with the HTTP status that goes with
// their code.
package wire

import (
	"encoding/json"
	"net/http"
)

const (
	CodeParse           = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternal        = -32603
	CodeBadRequest      = -32000
	CodeSessionNotFound = -32001
	CodeSessionExpired  = -32003
)

var statusByCode = map[int]int{
	CodeParse:           http.StatusBadRequest,
	CodeInvalidRequest:  http.StatusBadRequest,
	CodeMethodNotFound:  http.StatusNotFound,
	CodeInvalidParams:   http.StatusBadRequest,
	CodeInternal:        http.StatusInternalServerError,
	CodeBadRequest:      http.StatusBadRequest,
	CodeSessionNotFound: http.StatusNotFound,
	CodeSessionExpired:  http.StatusUnauthorized,
}

// StatusFor returns the HTTP status for a JSON-RPC error code.
func StatusFor(code int) int {
	if s, ok := statusByCode[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

type errorBody struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Fail writes the error with StatusFor(code).
func Fail(w http.ResponseWriter, id json.RawMessage, code int, message string) {
	b := errorBody{JSONRPC: "2.0", ID: id}
	if b.ID == nil {
		b.ID = json.RawMessage("null")
	}
	b.Error.Code = code
	b.Error.Message = message
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(StatusFor(code))
	_ = json.NewEncoder(w).Encode(b)
}
