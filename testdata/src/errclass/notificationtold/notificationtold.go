// Package notificationtold: the dispatch's default answers -32601 to any
// method it does not name, but the handler holds the answer back when the
// message had no id: a notification gets 202 with no body. Silent.
package notificationtold

import (
	"encoding/json"
	"net/http"
)

type message struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id,omitempty"`
	Method  string `json:"method"`
}

type reply struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id,omitempty"`
	Result  any            `json:"result,omitempty"`
	Error   map[string]any `json:"error,omitempty"`
}

type gateway struct{}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		http.Error(w, "not JSON-RPC", http.StatusBadRequest)
		return
	}
	out := g.answer(&msg)
	if out.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	json.NewEncoder(w).Encode(out)
}

func (g *gateway) answer(msg *message) reply {
	switch msg.Method {
	case "initialize":
		return reply{JSONRPC: "2.0", ID: msg.ID, Result: map[string]any{}}
	default:
		return reply{JSONRPC: "2.0", ID: msg.ID, Error: map[string]any{"code": -32601, "message": "Method not found"}}
	}
}

func (g *gateway) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", g.serve)
}
