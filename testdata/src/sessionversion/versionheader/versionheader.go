// Package versionheader: a notes server speaking MCP over HTTP by hand. It
// decodes each POST, answers initialize itself, and never reads the
// revision a request names in MCP-Protocol-Version, so a request naming one
// it does not speak is served as if it did (400 is due).
package versionheader

import (
	"encoding/json"
	"net/http"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type greeting struct {
	ProtocolVersion string         `json:"protocolVersion"`
	ServerInfo      map[string]any `json:"serverInfo"`
}

type notes struct{ stream http.Handler }

// Mount wires the endpoints.
func Mount(mux *http.ServeMux, n *notes) {
	mux.HandleFunc("/mcp", n.serve)
	mux.HandleFunc("/sse", n.legacy)
	mux.HandleFunc("/messages", n.post)
}

func (n *notes) serve(w http.ResponseWriter, r *http.Request) { // want `serves MCP requests and never reads MCP-Protocol-Version: a request naming a revision the server does not support must be answered 400`
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	n.answer(w, r, m)
}

// answer is reached from serve: the test of the header belongs there, and
// one finding says so.
func (n *notes) answer(w http.ResponseWriter, r *http.Request, m message) {
	switch m.Method {
	case "initialize":
		json.NewEncoder(w).Encode(greeting{ProtocolVersion: "2025-06-18", ServerInfo: map[string]any{"name": "notes"}})
	default:
		w.WriteHeader(http.StatusAccepted)
	}
}

// wrap hands the request on to another handler, which may read it.
func (n *notes) wrap(w http.ResponseWriter, r *http.Request) {
	var m message
	_ = json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		w.Header().Set("X-Seen", "1")
	}
	n.stream.ServeHTTP(w, r)
}

var _ = (&notes{}).wrap
