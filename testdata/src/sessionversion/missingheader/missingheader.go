// Package missingheader: handlers that test MCP-Protocol-Version before
// anything tells an initialize apart, so a request naming no revision --
// every initialize, every 2025-03-26 client -- is refused.
package missingheader

import (
	"encoding/json"
	"net/http"
	"slices"
)

var served = []string{"2025-06-18", "2025-11-25"}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func dispatch(w http.ResponseWriter, m message) {
	switch m.Method {
	case "initialize":
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"protocolVersion": "2025-11-25"}})
	default:
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
	}
}

// knows is true for the listed revisions only.
func knows(rev string) bool {
	for _, r := range served {
		if r == rev {
			return true
		}
	}
	return false
}

// Defaulted reads a missing header as the oldest revision, which it does
// not list.
func Defaulted(w http.ResponseWriter, r *http.Request) {
	rev := r.Header.Get("MCP-Protocol-Version")
	if rev == "" {
		rev = "2025-03-26"
	}
	if !knows(rev) {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest) // want `refuses a request without MCP-Protocol-Version, initialize included`
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	dispatch(w, m)
}

// Listed tests the header's value against the list as it comes: "" is
// not in it.
func Listed(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	if !slices.Contains(served, r.Header.Get("Mcp-Protocol-Version")) {
		w.WriteHeader(http.StatusBadRequest) // want `refuses a request without MCP-Protocol-Version, initialize included`
		return
	}
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	dispatch(w, m)
}

// Required refuses the missing header outright, under the POST branch.
func Required(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		if r.Header.Get("MCP-Protocol-Version") == "" {
			http.Error(w, "MCP-Protocol-Version is required", http.StatusBadRequest) // want `refuses a request without MCP-Protocol-Version, initialize included`
			return
		}
		var m message
		json.NewDecoder(r.Body).Decode(&m)
		dispatch(w, m)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}
