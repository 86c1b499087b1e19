// Package good: the same gates, silent. A header tested only when
// present, a missing one read as a revision the server lists, a test made
// only after initialize is told apart, and one whose predicate is not read.
package good

import (
	"encoding/json"
	"net/http"
	"strings"
)

var served = map[string]bool{"2025-03-26": true, "2025-06-18": true, "2025-11-25": true}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func dispatch(w http.ResponseWriter, m message) {
	if m.Method == "initialize" {
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"protocolVersion": "2025-11-25"}})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

// WhenPresent tests the header only when the request carries it.
func WhenPresent(w http.ResponseWriter, r *http.Request) {
	rev := r.Header.Get("MCP-Protocol-Version")
	if rev != "" && !served[rev] {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	dispatch(w, m)
}

// Defaulted reads a missing header as 2025-03-26, which it lists.
func Defaulted(w http.ResponseWriter, r *http.Request) {
	rev := r.Header.Get("MCP-Protocol-Version")
	if rev == "" {
		rev = "2025-03-26"
	}
	if !served[rev] {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	dispatch(w, m)
}

// AfterInitialize tests the header on the requests that follow it.
func AfterInitialize(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		dispatch(w, m)
		return
	}
	if !served[r.Header.Get("MCP-Protocol-Version")] {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	dispatch(w, m)
}

// accepts lets a missing header through itself: not read as a set.
func accepts(rev string) bool {
	if rev == "" {
		return true
	}
	return served[strings.TrimSpace(rev)]
}

func Predicate(w http.ResponseWriter, r *http.Request) {
	if !accepts(r.Header.Get("MCP-Protocol-Version")) {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	dispatch(w, m)
}
