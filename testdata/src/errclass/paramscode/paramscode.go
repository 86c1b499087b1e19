// Package paramscode: the failure of decoding a method's params answered
// with a code other than -32602 (Invalid params): the server's or an
// upstream's code blames someone else for the client's params.
package paramscode

import (
	"encoding/json"
	"errors"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type request struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type callParams struct {
	Name string `json:"name"`
}

// A params decode answered with a server-range code: the client's
// params are what failed, -32602.
func paramsUpstreamCode(w http.ResponseWriter, req *request) {
	var p callParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeResult(w, req.ID, &rpcErr{Code: -32004, Message: "upstream error"}) // want `answers -32004 when the client's params do not decode` `answers -32004 when the client's params do not decode`
		return
	}
	writeResult(w, req.ID, nil)
}

// Right: -32602.
func paramsInvalid(w http.ResponseWriter, req *request) {
	var p callParams
	if err := json.Unmarshal(req.Params, &p); err != nil {
		writeResult(w, req.ID, &rpcErr{Code: -32602, Message: "Invalid params"})
		return
	}
	writeResult(w, req.ID, nil)
}

type response struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcErr         `json:"error,omitempty"`
}

// Right: an upstream's result is not the client's params.
func upstreamResult(w http.ResponseWriter, resp *response) {
	var p callParams
	if err := json.Unmarshal(resp.Result, &p); err != nil {
		writeResult(w, resp.ID, &rpcErr{Code: -32004, Message: "upstream sent a bad result"})
		return
	}
	writeResult(w, resp.ID, nil)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, e *rpcErr) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})
}

// checkHeaders fails on headers that do not match the body, and on params
// that do not decode: one answer for both.
func checkHeaders(r *http.Request, req *request) error {
	if r.Header.Get("Mcp-Method") != req.Method {
		return errors.New("Mcp-Method does not match the body")
	}
	var p callParams
	return json.Unmarshal(req.Params, &p)
}

// Silent: the error is mostly the headers' mismatch, its own code.
func headerMismatch(w http.ResponseWriter, r *http.Request, req *request) {
	if err := checkHeaders(r, req); err != nil {
		writeResult(w, req.ID, &rpcErr{Code: -32020, Message: err.Error()})
		return
	}
	writeResult(w, req.ID, nil)
}
