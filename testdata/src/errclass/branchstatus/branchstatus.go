// Package branchstatus: a writer that picks its status by branching on
// the code it is given, writing in each branch. A constant code at the
// call answers the branch it reaches.
package branchstatus

import (
	"encoding/json"
	"io"
	"net/http"
)

const (
	codeParse     = -32700
	codeNoSession = -32001
	codeInternal  = -32603
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// reject gives only a missing session its own status; every other code
// rides on 200.
func reject(w http.ResponseWriter, id any, code int, msg string) {
	resp := envelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
	if code == codeNoSession {
		writeJSON(w, http.StatusNotFound, resp)
	} else {
		writeJSON(w, http.StatusOK, resp)
	}
}

func serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "session required", http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var msg any
	if err := json.Unmarshal(body, &msg); err != nil {
		reject(w, nil, codeParse, "Parse error") // want `answers -32700 \(Parse error\) with HTTP 200`
		return
	}
	writeJSON(w, http.StatusOK, msg)
}

// answer picks the status for each code in its branches: a parse error
// is 400. Silent.
func answer(w http.ResponseWriter, id any, code int, msg string) {
	resp := envelope{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
	switch code {
	case codeParse:
		writeJSON(w, http.StatusBadRequest, resp)
	case codeInternal:
		writeJSON(w, http.StatusInternalServerError, resp)
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}

func serveAnswered(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	var msg any
	if err := json.Unmarshal(body, &msg); err != nil {
		answer(w, nil, codeParse, "Parse error")
		return
	}
	writeJSON(w, http.StatusOK, msg)
}

func routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", serve)
	mux.HandleFunc("/mcp2", serveAnswered)
}
