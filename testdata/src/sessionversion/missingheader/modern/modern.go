// Package modern serves 2026-07-28, whose requests name the revision on
// every POST: refusing one without the header is that revision's row.
package modern

import (
	"encoding/json"
	"net/http"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func Serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("MCP-Protocol-Version") != "2026-07-28" {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		http.Error(w, "no initialize at this revision", http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}
