// Package validatorcode: a validator checks the decoded request's shape
// and returns an error object, -32600, for JSON that is not a JSON-RPC
// request. Written with no status, that refusal leaves with HTTP 200,
// where a request refused before any method runs is 400. A check that may
// also return a method's own code (-32602) is not told apart, and a
// refusal written with 400 is right.
package validatorcode

import (
	"encoding/json"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func validate(req request) *rpcError {
	if req.JSONRPC != "2.0" {
		return &rpcError{Code: -32600, Message: "jsonrpc must be 2.0"}
	}
	if req.Method == "" {
		return &rpcError{Code: -32600, Message: "method is required"}
	}
	return nil
}

func check(req request) *rpcError {
	if req.Method == "" {
		return &rpcError{Code: -32600, Message: "method is required"}
	}
	if req.Method == "tools/call" && len(req.Params) == 0 {
		return &rpcError{Code: -32602, Message: "params are required"}
	}
	return nil
}

func serve(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
		return
	}
	if e := validate(req); e != nil {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Error: e}) // want `writes the -32600 \(Invalid Request\) response validate returns with HTTP 200`
		return
	}
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}})
}

func serveMixed(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
		return
	}
	if e := check(req); e != nil {
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Error: e})
		return
	}
}

func serveRight(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
		return
	}
	if e := validate(req); e != nil {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: req.ID, Error: e})
		return
	}
}

func routes() {
	http.HandleFunc("/mcp", serve)
	http.HandleFunc("/mixed/mcp", serveMixed)
	http.HandleFunc("/right/mcp", serveRight)
}
