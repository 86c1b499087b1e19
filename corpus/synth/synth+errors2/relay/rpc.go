package relay

import (
	"encoding/json"
	"net/http"
)

// JSON-RPC 2.0 error codes.
const (
	ParseError     = -32700
	InvalidRequest = -32600
	MethodNotFound = -32601
	InvalidParams  = -32602
	InternalError  = -32603
	ServerError    = -32000
)

type errorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type errorEnvelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   errorObject     `json:"error"`
}

// httpStatusFor picks the transport status that goes with a JSON-RPC code.
func httpStatusFor(code int) int {
	switch code {
	case ParseError, InvalidRequest, InvalidParams, ServerError:
		return http.StatusBadRequest
	case MethodNotFound:
		return http.StatusNotFound
	default:
		return http.StatusInternalServerError
	}
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatusFor(code))
	json.NewEncoder(w).Encode(errorEnvelope{
		JSONRPC: "2.0",
		ID:      id,
		Error:   errorObject{Code: code, Message: msg},
	})
}
