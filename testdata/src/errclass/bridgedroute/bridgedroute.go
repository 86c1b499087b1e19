// Package bridgedroute: a REST route that picks an MCP method and hands it
// to the code that speaks MCP upstream is a client of MCP, not its endpoint:
// its own plain answers follow its own rules. The endpoint beside it, which
// hands on the method the client sent, is judged.
package bridgedroute

import (
	"database/sql"
	"encoding/json"
	"net/http"
)

type bridge struct {
	db *sql.DB
}

type call struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// relay sends one JSON-RPC call upstream and writes its answer.
func (b *bridge) relay(w http.ResponseWriter, r *http.Request, method string, params json.RawMessage) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"method": method}})
}

// listTools is GET /api/servers/{id}/tools: REST, bridged onto tools/list.
func (b *bridge) listTools(w http.ResponseWriter, r *http.Request) {
	var kind string
	if err := b.db.QueryRowContext(r.Context(), "SELECT kind FROM servers WHERE id = ?", r.PathValue("id")).Scan(&kind); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	b.relay(w, r, "tools/list", nil)
}

// ServeHTTP is MCP's endpoint: the method is the client's.
func (b *bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m call
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	var kind string
	if err := b.db.QueryRowContext(r.Context(), "SELECT kind FROM servers LIMIT 1").Scan(&kind); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound) // want `answers 404 for an error from`
		return
	}
	b.relay(w, r, m.Method, m.Params)
}

func routes(b *bridge) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("POST /mcp", b)
	mux.HandleFunc("GET /api/servers/{id}/tools", b.listTools)
	return mux
}
