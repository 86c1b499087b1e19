// Package legacy serves the HTTP+SSE transport beside Streamable HTTP: it
// sends the "endpoint" event, and 2024-11-05 is served rightly there.
package legacy

import (
	"encoding/json"
	"fmt"
	"net/http"
)

var takes = map[string]bool{"2024-11-05": true, "2025-06-18": true}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

type request struct {
	ID     json.RawMessage `json:"id"`
	Params initParams      `json:"params"`
}

func Events(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "event: endpoint\ndata: /messages\n\n")
}

func Messages(w http.ResponseWriter, r *http.Request) {
	var req request
	json.NewDecoder(r.Body).Decode(&req)
	rev := "2025-06-18"
	if takes[req.Params.ProtocolVersion] {
		rev = req.Params.ProtocolVersion
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"protocolVersion": rev}})
}
