// Package split states 2024-11-05 in its initialize result and serves it
// through the HTTP+SSE transport of another package it imports: right for
// the transport it serves, as when both live in one package.
package split

import (
	"encoding/json"
	"net/http"

	"fixtures/sessionversion/pinnedsse/ssetransport"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

func greet() []byte {
	b, _ := json.Marshal(initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "legacy"}})
	return b
}

// Routes mounts the stream and answers the greeting on the message
// endpoint.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/sse", ssetransport.Stream)
	mux.HandleFunc("/messages", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(greet()) })
}
