// Package fixes: the suggested fixes of sessionstatus, checked against
// fixes.go.golden.
package fixes

import (
	"encoding/json"
	"net/http"
)

var sessions = map[string]bool{}

func unknown(w http.ResponseWriter, r *http.Request) {
	if _, ok := sessions[r.Header.Get("Mcp-Session-Id")]; !ok {
		http.Error(w, "no such session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
}

func missing(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		w.WriteHeader(404) // want `answers 404 to a request without Mcp-Session-Id`
	}
}

func writeRPCError(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": message}, "id": nil})
}

// The fix answers as the runtime does: 404, -32001, "Session not found".
func unknownWithCode(w http.ResponseWriter, r *http.Request) {
	if !sessions[r.Header.Get("Mcp-Session-Id")] {
		writeRPCError(w, http.StatusBadRequest, -32600, "invalid session") // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
}
