// Package validatorcode: a validator checks the decoded request's shape
// and returns an error object, -32600, for JSON that is not a JSON-RPC
// request. Written with no status, or through a helper handed 200, that
// refusal leaves with HTTP 200, where a request refused before any method
// runs is 400. A validator that also refuses params that are not an object
// (-32602, whatever the method) judges the envelope too; a check that may
// also return a method's own code (-32602 under a test of the method) is
// not told apart, and a refusal written with 400 is right.
package validatorcode

import (
	"bytes"
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

// envelope refuses a bad jsonrpc and params that are not an object: both
// the envelope's, before any method runs.
func envelope(req *request) *rpcError {
	if req.JSONRPC != "2.0" {
		return &rpcError{Code: -32600, Message: "jsonrpc must be 2.0"}
	}
	if p := bytes.TrimSpace(req.Params); len(p) > 0 && p[0] != '{' {
		return &rpcError{Code: -32602, Message: "params must be an object"}
	}
	return nil
}

// reply writes the status it is handed and the error object, if any.
func reply(w http.ResponseWriter, status int, id json.RawMessage, e *rpcError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	resp := map[string]any{"jsonrpc": "2.0", "id": id}
	if e != nil {
		resp["error"] = e
	} else {
		resp["result"] = map[string]any{}
	}
	_ = json.NewEncoder(w).Encode(resp)
}

func serveEnvelope(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32700, Message: "Parse error"}})
		return
	}
	if e := envelope(&req); e != nil {
		reply(w, http.StatusOK, req.ID, e) // want `writes the -32600 \(Invalid Request\) response envelope returns with HTTP 200`
		return
	}
	reply(w, http.StatusOK, req.ID, nil)
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
	http.HandleFunc("/envelope/mcp", serveEnvelope)
}
