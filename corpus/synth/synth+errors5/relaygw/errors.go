package relaygw

import (
	"encoding/json"
	"net/http"
)

const (
	codeParseError  = -32700
	codeInternal    = -32603
	codeServerError = -32000
)

type rpcErrorBody struct {
	JSONRPC string   `json:"jsonrpc"`
	Error   rpcError `json:"error"`
	ID      any      `json:"id"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// writeRPCError answers with a JSON-RPC error whose id is null: the relay
// never looks inside the payload, so it does not know the request id.
func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rpcErrorBody{
		JSONRPC: "2.0",
		Error:   rpcError{Code: code, Message: msg},
		ID:      nil,
	})
}
