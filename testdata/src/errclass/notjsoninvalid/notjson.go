// Package notjsoninvalid: bytes that are not JSON answered -32600 (Invalid
// Request). A decode into a json.RawMessage or an empty interface fails
// only on the syntax, so its failure is -32700; a decode into a struct or
// a map also fails on JSON of another shape, for which -32600 is right,
// but on bytes that are not JSON too: one code for every failure is wrong
// for one of them, unless json.Valid told them apart first.
package notjsoninvalid

import (
	"encoding/json"
	"io"
	"net/http"
)

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func raw(w http.ResponseWriter, r *http.Request) {
	var msg json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) when the request body is not JSON`
		return
	}
	_ = msg
}

func anyValue(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		rpcError(w, http.StatusRequestEntityTooLarge, -32000, "too large")
		return
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) when the request body is not JSON`
		return
	}
	_ = v
}

// A struct also fails on JSON of the wrong shape, for which -32600 is
// meant, and on bytes that are not JSON, for which it is not.
func typed(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) to every failure of a typed decode, also to non-JSON bytes`
		return
	}
}

// So does a map, on an array or a number.
func object(w http.ResponseWriter, r *http.Request) {
	var m map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) to every failure of a typed decode, also to non-JSON bytes`
		return
	}
}

// Right: json.Valid first; what is left is JSON of the wrong shape.
func typedValid(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rpcError(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	if !json.Valid(body) {
		rpcError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	var req struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
}

// Right: not JSON is -32700.
func right(w http.ResponseWriter, r *http.Request) {
	var msg json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		rpcError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
}
