// Package pinned: an HTTP server whose initialize result states one
// revision whatever the client proposed, and never reads the proposal.
package pinned

import (
	"encoding/json"
	"net/http"
)

type info struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type initResult struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	ServerInfo      info           `json:"serverInfo"`
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
	ClientInfo      info   `json:"clientInfo"`
}

type call struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

const served = "2024-11-05"

type server struct{}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want `never reads MCP-Protocol-Version`
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	var out any
	switch c.Method {
	case "initialize":
		out = s.greet(c.Params)
	case "ping":
		out = s.greetAgain()
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": out})
}

// greet is handed the params but never looks at the proposed revision.
func (s *server) greet(params json.RawMessage) *initResult {
	return &initResult{
		ProtocolVersion: "2024-11-05", // want `initialize result states protocolVersion 2024-11-05, a revision without Streamable HTTP, whatever the client proposed`
		ServerInfo:      info{Name: "demo", Version: "1"},
	}
}

// greetAgain spells the same answer as a map, from a named constant.
func (s *server) greetAgain() map[string]any {
	return map[string]any{
		"protocolVersion": served, // want `initialize result states protocolVersion 2024-11-05, a revision without Streamable HTTP, whatever the client proposed`
		"capabilities":    map[string]any{},
		"serverInfo":      map[string]any{"name": "demo"},
	}
}

// greetCurrent states the one revision this server supports, which has
// Streamable HTTP: a one-revision server may answer so.
func (s *server) greetCurrent() *initResult {
	return &initResult{ProtocolVersion: "2025-06-18", ServerInfo: info{Name: "demo"}}
}

// A client's own initialize request is not a result.
var hello = initParams{ProtocolVersion: "2025-06-18", ClientInfo: info{Name: "probe"}}
