// Package pinnedstdio: a stdio server pinning its revision serves no HTTP
// endpoint; the rule is about Streamable HTTP servers.
package pinnedstdio

import (
	"encoding/json"
	"os"
)

type info struct {
	Name string `json:"name"`
}

type initResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	ServerInfo      info   `json:"serverInfo"`
}

func greet() {
	json.NewEncoder(os.Stdout).Encode(initResult{ProtocolVersion: "2024-11-05", ServerInfo: info{Name: "demo"}})
}
