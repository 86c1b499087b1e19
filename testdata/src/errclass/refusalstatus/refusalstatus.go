// Package refusalstatus: refusals of the request's bytes written with
// HTTP 200, and -32700 for a body that could not be read.
package refusalstatus

import (
	"encoding/json"
	"io"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

// sendError pins 200 for every JSON-RPC error it writes: the root cause of
// both refusals below, reported once.
func sendError(w http.ResponseWriter, id any, code int, msg string) { // want `sendError writes HTTP 200 for the refusals its 2 callers pass \(-32700, -32600\): a refusal before any method runs is 400`
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		sendError(w, nil, -32700, "Parse error")
		return
	}
	if req.JSONRPC != "2.0" {
		sendError(w, req.ID, -32600, "Invalid Request")
		return
	}
	// A method's own answer rides on 200: not reported.
	if req.Method == "resources/subscribe" {
		sendError(w, req.ID, -32601, "Method not found")
		return
	}
}

func writeRefusal(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}})
}

func readFails(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeRefusal(w, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) when reading the body fails \(io.ReadAll\)`
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		writeRefusal(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}
