// Package earlyinit: a handler that answers initialize first, in an if
// that returns, and serves every other message past it without reading
// Mcp-Session-Id. The if that returns confines initialize to its own
// branch: what follows it is never an initialize, so its 2xx answers are
// the ones a missing or unknown id gets.
package earlyinit

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
)

type message struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

func serve(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		w.Header().Set("Mcp-Session-Id", hex.EncodeToString(b)) // want `hands out Mcp-Session-Id but never tests a request.s id against those issued`
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"tools": []any{}}})
}

// Handler mounts serve.
func Handler() http.Handler { return http.HandlerFunc(serve) }
