// Package initrefused: endpoints that refuse a request without
// Mcp-Session-Id before anything tells an initialize apart, so every
// handshake (which carries no id) is refused.
package initrefused

import (
	"encoding/json"
	"net/http"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type Gateway struct{ sessions map[string]bool }

func (g *Gateway) dispatch(w http.ResponseWriter, m message, sid string) {
	switch m.Method {
	case "initialize":
		w.Header().Set("Mcp-Session-Id", "minted")
	default:
		if !g.sessions[sid] {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

// ServeHTTP asks every POST for its id first.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest) // want `refuses a request without Mcp-Session-Id before telling initialize apart`
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	g.dispatch(w, m, sid)
}

type Proxy struct{ g *Gateway }

// Route checks the id for every method, then hands POSTs on.
func (p *Proxy) Route(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		w.WriteHeader(http.StatusBadRequest) // want `refuses a request without Mcp-Session-Id before telling initialize apart`
		return
	}
	switch r.Method {
	case http.MethodPost:
		p.post(w, r)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

func (p *Proxy) post(w http.ResponseWriter, r *http.Request) {
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	p.g.dispatch(w, m, r.Header.Get("Mcp-Session-Id"))
}
