// Package pinnedone: a server that supports one revision answers it to
// every proposal, which the protocol allows; silent.
package pinnedone

import (
	"encoding/json"
	"net/http"
)

const revision = "2025-11-25"

func handle(w http.ResponseWriter, r *http.Request) { // want `never reads MCP-Protocol-Version`
	reply := map[string]any{
		"protocolVersion": revision,
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]any{"name": "one", "version": "1"},
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": 1, "result": reply})
}

// old answers an assigned result pinned to 2024-11-05 elsewhere: the
// protocol's negotiation needs a revision with Streamable HTTP.
func old(w http.ResponseWriter, r *http.Request) { // want `never reads MCP-Protocol-Version`
	reply := map[string]any{
		"protocolVersion": "2024-11-05", // want `states protocolVersion 2024-11-05, a revision without Streamable HTTP`
		"serverInfo":      map[string]any{"name": "one", "version": "1"},
	}
	_ = json.NewEncoder(w).Encode(reply)
}

// Routes mounts both handlers.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", handle)
	mux.HandleFunc("/old/mcp", old)
}
