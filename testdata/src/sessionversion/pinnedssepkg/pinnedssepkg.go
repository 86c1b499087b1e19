// Package pinnedssepkg: a server whose HTTP+SSE transport lives in another
// package of its module states 2024-11-05, the revision that transport
// is: right, as when the transport is in the server's own package.
package pinnedssepkg

import (
	"encoding/json"
	"net/http"

	"fixtures/sessionversion/pinnedssepkg/stream"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

func handle(method string, params []byte) any {
	if method == "initialize" {
		return initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "legacy"}}
	}
	return nil
}

// Routes mounts the transport's stream and its message endpoint.
func Routes(mux *http.ServeMux) {
	t := &stream.Transport{Handle: handle}
	mux.HandleFunc("/sse", t.Open)
	mux.HandleFunc("/messages", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(t.Handle("initialize", nil))
	})
}
