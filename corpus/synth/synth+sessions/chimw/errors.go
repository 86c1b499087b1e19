package chimw

import (
	"encoding/json"
	"net/http"
)

const (
	codeInvalidRequest  = -32600
	codeInternal        = -32603
	codeForbidden       = -32003
	codeSessionNotFound = -32001
)

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type wireResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   wireError       `json:"error"`
}

// writeRPCError picks the HTTP status from the JSON-RPC code so call sites
// only have to think about one number.
func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	status := http.StatusBadRequest
	switch code {
	case codeSessionNotFound:
		status = http.StatusNotFound
	case codeForbidden:
		status = http.StatusForbidden
	case codeInternal:
		status = http.StatusInternalServerError
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(wireResponse{JSONRPC: "2.0", ID: id, Error: wireError{Code: code, Message: msg}})
}
