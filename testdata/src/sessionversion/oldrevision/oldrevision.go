// Package oldrevision: Streamable HTTP handlers whose negotiation takes
// 2024-11-05, the HTTP+SSE transport's revision, and answers it to a
// client that proposes it.
package oldrevision

import (
	"encoding/json"
	"net/http"
	"slices"
)

var takes = map[string]bool{"2024-11-05": true, "2025-06-18": true, "2025-11-25": true}

var ordered = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

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
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{"protocolVersion": rev, "serverInfo": map[string]any{"name": "x"}}})
}

// FromMap answers the proposal when the map has it.
func FromMap(w http.ResponseWriter, r *http.Request) {
	var req request
	json.NewDecoder(r.Body).Decode(&req)
	rev := "2025-11-25"
	if takes[req.Params.ProtocolVersion] { // want `an initialize proposing 2024-11-05 is answered with it`
		rev = req.Params.ProtocolVersion
	}
	answer(w, req.ID, rev)
}

// FromList answers the proposal unless the list lacks it.
func FromList(w http.ResponseWriter, r *http.Request) {
	var req request
	json.NewDecoder(r.Body).Decode(&req)
	if !slices.Contains(ordered, req.Params.ProtocolVersion) { // want `an initialize proposing 2024-11-05 is answered with it`
		answer(w, req.ID, ordered[0])
		return
	}
	answer(w, req.ID, req.Params.ProtocolVersion)
}
