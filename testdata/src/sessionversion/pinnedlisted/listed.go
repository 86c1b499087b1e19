// Package pinnedlisted: a server that lists the revisions it accepts in
// MCP-Protocol-Version, yet answers every initialize with one of them.
package pinnedlisted

import (
	"encoding/json"
	"net/http"
	"slices"
)

var accepted = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

func handle(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get("MCP-Protocol-Version"); v != "" && !slices.Contains(accepted, v) {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	reply := map[string]any{
		"protocolVersion": "2025-06-18", // want `states protocolVersion 2025-06-18 whatever the client proposed, though the package lists 2025-03-26 among the revisions it supports`
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]any{"name": "listed", "version": "1"},
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": 1, "result": reply})
}

// Routes mounts the handler.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", handle)
}
