// Package frame: a dispatcher handed the body's bytes builds the -32700
// its caller writes. Nothing in the package shows the bytes are JSON
// before the typed decode, yet only a decode of the request's own body is
// judged.
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

// parseMessage decodes a frame it is handed. Silent: bytes a function is
// handed may have been decoded before (by every transport in front of
// it), which the rule does not follow.
func parseMessage(data []byte) (*request, *rpcErr) {
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, &rpcErr{Code: -32700, Message: "Parse error: " + err.Error()}
	}
	return &req, nil
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
