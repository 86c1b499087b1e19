// Package adoptfact: a gateway whose handler gives the request's
// Mcp-Session-Id to a get-or-create of another package. An id nobody
// minted gets a session of its own; the protocol answers it 404.
package adoptfact

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"

	"fixtures/sessionstatus/adoptfact/backends"
)

type gateway struct{ m *backends.Manager }

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// sessionOf takes the client's id as it comes, else makes one up.
func sessionOf(r *http.Request) string {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		return id
	}
	return newID()
}

func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	id := sessionOf(r)
	b, _ := g.m.ForSession(id, r.URL.Query().Get("server")) // want `ForSession creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id`
	_ = b
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Right: an unknown id is refused before the table is asked.
func (g *gateway) postChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !g.m.Known(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	b, _ := g.m.ForSession(id, "default")
	_ = b
	w.WriteHeader(http.StatusOK)
}

// Right: the id is minted here.
func (g *gateway) initialize(w http.ResponseWriter, r *http.Request) {
	id := newID()
	b, _ := g.m.ForSession(id, "default")
	_ = b
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Right: a time kept per id is not a session.
func (g *gateway) ping(w http.ResponseWriter, r *http.Request) {
	g.m.Touch(r.Header.Get("Mcp-Session-Id"))
	w.WriteHeader(http.StatusOK)
}
