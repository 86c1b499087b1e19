// Package echoed: hand-written initialize handlers that answer whatever
// revision the client proposed, never testing it against the revisions
// they support.
package echoed

import (
	"encoding/json"
	"log"
	"net/http"
)

type peer struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type hello struct {
	Revision string `json:"protocolVersion"`
	Client   peer   `json:"clientInfo"`
}

type welcome struct {
	Revision string         `json:"protocolVersion"`
	Caps     map[string]any `json:"capabilities"`
	Server   peer           `json:"serverInfo"`
}

// conn keeps the revision a handshake settled on; its field has no JSON
// name, so reading it reads no proposal.
type conn struct {
	id       string
	revision string
}

type registry struct{ conns map[string]conn }

// open only stores the revision it is handed.
func (g *registry) open(id, revision string) conn {
	c := conn{id: id, revision: revision}
	g.conns[id] = c
	return c
}

type gateway struct{ reg *registry }

// greet echoes the decoded field straight back.
func (g *gateway) greet(w http.ResponseWriter, raw json.RawMessage) {
	var in hello
	if err := json.Unmarshal(raw, &in); err != nil {
		http.Error(w, "bad params", http.StatusBadRequest)
		return
	}
	log.Printf("client %s asks for %s", in.Client.Name, in.Revision)
	json.NewEncoder(w).Encode(welcome{
		Revision: in.Revision, // want `initialize result states whatever protocolVersion the client proposed`
		Server:   peer{Name: "relay"},
	})
}

// greetLoose reads a map, falling back to a revision of its own when the
// client names none: still every named revision is taken.
func (g *gateway) greetLoose(w http.ResponseWriter, msg map[string]any) {
	revision := "2025-06-18"
	if p, ok := msg["params"].(map[string]any); ok {
		if asked, ok := p["protocolVersion"].(string); ok && asked != "" {
			revision = asked
		}
	}
	json.NewEncoder(w).Encode(map[string]any{
		"protocolVersion": revision, // want `initialize result states whatever protocolVersion the client proposed`
		"serverInfo":      map[string]any{"name": "relay"},
	})
}

// greetKept stores the proposal on the connection it opens and answers
// with the stored copy.
func (g *gateway) greetKept(w http.ResponseWriter, in hello) {
	if in.Revision == "" {
		in.Revision = "2025-03-26"
	}
	c := g.reg.open("c1", in.Revision)
	w.Header().Set("Mcp-Session-Id", c.id)
	json.NewEncoder(w).Encode(welcome{
		Revision: c.revision, // want `initialize result states whatever protocolVersion the client proposed`
		Server:   peer{Name: "relay"},
	})
}

// versionHeader is read by the transport in front of these handlers.
const versionHeader = "MCP-Protocol-Version"
