// Package good: negotiations that take only revisions with Streamable
// HTTP, and one that tests an old revision without answering the
// proposal.
package good

import (
	"encoding/json"
	"net/http"
)

var takes = map[string]bool{"2025-03-26": true, "2025-06-18": true, "2025-11-25": true}

var known = map[string]bool{"2024-11-05": true, "2025-06-18": true}

// versionHeader is read by the middleware in front of these handlers.
const versionHeader = "MCP-Protocol-Version"

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params initParams      `json:"params"`
}

func answer(w http.ResponseWriter, id json.RawMessage, rev string) {
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{"protocolVersion": rev, "serverInfo": map[string]any{"name": "x"}}})
}

func Streamable(w http.ResponseWriter, r *http.Request) {
	var req request
	json.NewDecoder(r.Body).Decode(&req)
	rev := "2025-11-25"
	if takes[req.Params.ProtocolVersion] {
		rev = req.Params.ProtocolVersion
	}
	answer(w, req.ID, rev)
}

// Logged only notes whether the proposal was known; it answers its own
// revision whatever was proposed... after reading the proposal.
func Logged(w http.ResponseWriter, r *http.Request) {
	var req request
	json.NewDecoder(r.Body).Decode(&req)
	if !known[req.Params.ProtocolVersion] {
		println("unknown revision proposed")
	}
	answer(w, req.ID, "2025-06-18")
}
