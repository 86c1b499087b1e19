// Package notificationanswered: a notification (a message with no id) is
// never answered; a POST of notifications is 202 with no body. A switch on
// the method whose default answers -32601 answers every notification it
// does not name (notifications/cancelled, a progress notification) with an
// error body when nothing in the package tells a notification apart.
package notificationanswered

import (
	"encoding/json"
	"net/http"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   map[string]any  `json:"error,omitempty"`
}

type gateway struct{}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", ID: msg.ID, Error: map[string]any{"code": -32600, "message": "Invalid Request"}})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(g.answer(&msg))
}

func (g *gateway) answer(msg *message) reply {
	switch msg.Method { // want `dispatches notifications too, and nothing here tells one`
	case "initialize":
		return reply{JSONRPC: "2.0", ID: msg.ID, Result: map[string]any{"protocolVersion": "2025-06-18"}}
	case "notifications/initialized":
		return reply{}
	case "tools/list":
		return reply{JSONRPC: "2.0", ID: msg.ID, Result: map[string]any{"tools": []any{}}}
	default:
		return reply{JSONRPC: "2.0", ID: msg.ID, Error: map[string]any{"code": -32601, "message": "Method not found"}}
	}
}

func (g *gateway) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", g.serve)
}
