package compat

import (
	"encoding/json"
	"net/http"
)

const (
	codeParseError      = -32700
	codeInvalidRequest  = -32600
	codeMethodNotFound  = -32601
	codeInternalError   = -32603
	codeServerError     = -32000
	codeSessionNotFound = -32001
)

// httpStatusFor picks the transport status that goes with a JSON-RPC error
// written outside a successful exchange.
func httpStatusFor(code int) int {
	switch code {
	case codeParseError, codeInvalidRequest, codeServerError:
		return http.StatusBadRequest
	case codeSessionNotFound:
		return http.StatusNotFound
	case codeMethodNotFound:
		return http.StatusNotFound
	default:
		return http.StatusInternalServerError
	}
}

func writeJSONRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatusFor(code))
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}
