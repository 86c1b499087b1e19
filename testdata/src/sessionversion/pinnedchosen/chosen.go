// Package pinnedchosen: the constant revision is chosen after comparing it
// with the client's proposal, which is negotiation.
package pinnedchosen

import (
	"encoding/json"
	"net/http"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
	ClientInfo      info   `json:"clientInfo"`
}

func handle(w http.ResponseWriter, r *http.Request) { // want `never reads MCP-Protocol-Version`
	var p initParams
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(answer(p))
}

func answer(p initParams) initResult {
	if p.ProtocolVersion == "2025-03-26" {
		return initResult{ProtocolVersion: "2025-03-26", ServerInfo: info{Name: "demo"}}
	}
	return initResult{ProtocolVersion: "2025-06-18", ServerInfo: info{Name: "demo"}}
}

// Routes mounts the handler.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", handle)
}
