// Package pairs: a status and a JSON-RPC code that contradict each other,
// and JSON-RPC code 0 in an error.
package pairs

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"fixtures/errclass/rpcutil"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	Error   *rpcError `json:"error,omitempty"`
	ID      any       `json:"id"`
}

func internalWith4xx(w http.ResponseWriter) {
	rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeInternalError, "internal") // want `pairs -32603 \(Internal error\) with HTTP 400: a server failure is 500`
}

func parseWith5xx(w http.ResponseWriter) {
	w.WriteHeader(http.StatusInternalServerError) // want `pairs -32700 \(Parse error\) with HTTP 500: that code is a client fault`
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
}

func invalidWith5xx() error {
	return protocol.NewError(503, protocol.CodeInvalidRequest, "busy") // want `pairs -32600 \(Invalid Request\) with HTTP 503`
}

func codeZero(w http.ResponseWriter) {
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", Error: &rpcError{Message: "bad"}}) // want `JSON-RPC error with code 0, which tells the client nothing`
}

func codeZeroMap(w http.ResponseWriter) {
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": 0, "message": "bad"}}) // want `JSON-RPC error with code 0`
}

func codeZeroSDK() error {
	return &jsonrpc.Error{Message: "no code"} // want `JSON-RPC error with code 0`
}

// The right pairs are not reported.
func good(w http.ResponseWriter) {
	rpcutil.WriteError(w, http.StatusInternalServerError, jsonrpc.CodeInternalError, "internal")
	rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeInvalidRequest, "invalid")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
	_ = protocol.NewError(http.StatusNotFound, protocol.CodeSessionNotFound, "Session not found")
	// An unrelated {code, message} payload outside a JSON-RPC envelope.
	json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok"})
}

// codeSetLater: go-sdk's toWireError shape, a code filled in afterwards on
// some paths. Not reported: errclass cannot see which path goes out.
func codeSetLater(err error) *jsonrpc.Error {
	result := &jsonrpc.Error{Message: err.Error()}
	var wrapped *jsonrpc.Error
	if errors.As(err, &wrapped) {
		result.Code = wrapped.Code
	}
	return result
}
