// Package frame: a dispatcher handed the body's bytes builds the -32700
// its caller writes. Nothing in the package shows the bytes are JSON
// before the typed decode. Judged when every caller is in the package and
// hands it bytes read from the body and not decoded before.
package frame

import (
	"encoding/json"
	"io"
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
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": rpcErr{Code: code, Message: msg}})
}

// parseMessage decodes a frame its one caller read from the body: valid
// JSON that does not fit the request is called a parse error.
func parseMessage(data []byte) (*request, *rpcErr) {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, &rpcErr{Code: -32700, Message: "Parse error: " + err.Error()} // want `answers -32700 \(Parse error\) to every failure of a typed decode`
	}
	return &req, nil
}

// reparse decodes bytes its caller decoded into the same type first: the
// branch is left to bytes that are not JSON. Silent.
func reparse(data []byte) (*request, *rpcErr) {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, &rpcErr{Code: -32700, Message: "Parse error"}
	}
	return &req, nil
}

func serveChecked(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	var probe request
	if err := json.Unmarshal(data, &probe); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if _, e := reparse(data); e != nil {
		fail(w, http.StatusBadRequest, e.Code, e.Message)
	}
}

// ParseFrame may be handed bytes by another package's transport, which
// may have decoded them first. Silent.
func ParseFrame(data []byte) (*request, *rpcErr) { // want ParseFrame:`returns refusal -32700 \(result 1\)`
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, &rpcErr{Code: -32700, Message: "Parse error"}
	}
	return &req, nil
}

func serveExported(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	if _, e := ParseFrame(data); e != nil {
		fail(w, http.StatusBadRequest, e.Code, e.Message)
	}
}

// ownFrame is handed bytes the server marshalled itself by one caller.
// Silent.
func ownFrame(data []byte) (*request, *rpcErr) {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, &rpcErr{Code: -32700, Message: "Parse error"}
	}
	return &req, nil
}

func serveOwn(w http.ResponseWriter, r *http.Request) {
	data, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "ping"})
	if _, e := ownFrame(data); e != nil {
		fail(w, http.StatusInternalServerError, -32603, "Internal error")
	}
}

func serveFrame(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	if _, e := parseMessage(data); e != nil {
		fail(w, http.StatusBadRequest, e.Code, e.Message)
	}
}
