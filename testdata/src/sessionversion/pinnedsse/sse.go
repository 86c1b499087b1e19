// want package:"serves the HTTP\\+SSE transport"

// Package pinnedsse: a server of the HTTP+SSE transport (the GET stream
// announces the POST endpoint), which 2024-11-05 defines, states that
// revision: right for the transport it serves.
package pinnedsse

import (
	"encoding/json"
	"fmt"
	"net/http"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

func stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: endpoint\ndata: /messages?sessionId=%s\n\n", "abc")
}

func greet() []byte {
	b, _ := json.Marshal(initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "legacy"}})
	return b
}

// Routes mounts the stream and answers the greeting on the message
// endpoint.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/sse", stream)
	mux.HandleFunc("/messages", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(greet()) })
}
