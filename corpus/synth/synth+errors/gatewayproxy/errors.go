package gatewayproxy

import (
	"encoding/json"
	"net/http"
)

const (
	parseError     = -32700
	invalidRequest = -32600
	methodNotFound = -32601
	invalidParams  = -32602
	internalError  = -32603
)

var statusByCode = map[int]int{
	parseError:     http.StatusBadRequest,
	invalidRequest: http.StatusBadRequest,
	methodNotFound: http.StatusNotFound,
	invalidParams:  http.StatusBadRequest,
	internalError:  http.StatusInternalServerError,
}

type rpcErrorBody struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcErrorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   rpcErrorBody    `json:"error"`
}

// writeRPCError answers with the status conventionally paired with code.
func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	status, ok := statusByCode[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeRPCErrorStatus(w, id, status, code, msg)
}

func writeRPCErrorStatus(w http.ResponseWriter, id json.RawMessage, status, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rpcErrorResponse{JSONRPC: "2.0", ID: id, Error: rpcErrorBody{Code: code, Message: msg}})
}
