// Package sdkimport imports mcp-go's server package, which serves the
// HTTP+SSE transport among others, and answers initialize itself on a
// Streamable HTTP endpoint: an SDK offers both transports, so importing it
// chooses neither, and the pinned 2024-11-05 is this endpoint's.
package sdkimport

import (
	"encoding/json"
	"net/http"

	"github.com/mark3labs/mcp-go/server"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

func greet() []byte {
	b, _ := json.Marshal(initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "hand"}}) // want `initialize result states protocolVersion 2024-11-05, a revision without Streamable HTTP`
	return b
}

// Routes answers the greeting on the Streamable HTTP endpoint, beside the
// SDK's ids.
func Routes(mux *http.ServeMux, ids server.SessionIdManager) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Mcp-Session-Id", ids.Generate())
		_, _ = w.Write(greet())
	})
}
