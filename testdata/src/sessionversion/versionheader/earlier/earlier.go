// Package earlier: a hand-written server of 2025-03-26, a revision without
// the MCP-Protocol-Version header. A client that negotiated with it sends
// no header it would have to refuse, so it is not judged for reading none.
package earlier

import (
	"encoding/json"
	"net/http"
)

type message struct {
	Method string `json:"method"`
}

type greeting struct {
	ProtocolVersion string         `json:"protocolVersion"`
	ServerInfo      map[string]any `json:"serverInfo"`
}

// Serve answers initialize with the one revision it speaks.
func Serve(w http.ResponseWriter, r *http.Request) {
	var m message
	_ = json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		json.NewEncoder(w).Encode(greeting{ProtocolVersion: "2025-03-26", ServerInfo: map[string]any{"name": "old"}})
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
