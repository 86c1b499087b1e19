package goccysrv

import (
	"net/http"

	json "github.com/goccy/go-json"
)

const (
	ParseError     = -32700
	InvalidRequest = -32600
	MethodNotFound = -32601
	InvalidParams  = -32602
	InternalError  = -32603

	ToolFailed = -32010
)

type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func statusOf(code int) int {
	switch code {
	case ParseError, InvalidRequest, InvalidParams:
		return http.StatusBadRequest
	case MethodNotFound:
		return http.StatusNotFound
	case InternalError:
		return http.StatusInternalServerError
	}
	return http.StatusOK
}

// writeRPCError writes a JSON-RPC error; the HTTP status follows the code.
func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage(`null`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(statusOf(code))
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   RPCError        `json:"error"`
	}{"2.0", id, RPCError{code, msg}})
	w.Write(b)
}
