// Package carriedid: the handler reads the client's Mcp-Session-Id once and
// hands it, unchecked, to the functions that serve each kind of request.
// The function serving an initialize and the one opening a GET stream
// create a session under whatever id they were handed.
package carriedid

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
)

type conn struct {
	id     string
	events chan []byte
}

type bridge struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func sessionOf(r *http.Request) string {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		id = r.URL.Query().Get("session")
	}
	return id
}

// connFor is a get-or-create: a miss makes a connection under id.
func (b *bridge) connFor(id string) *conn {
	b.mu.Lock()
	defer b.mu.Unlock()
	if c, ok := b.conns[id]; ok {
		return c
	}
	c := &conn{id: id, events: make(chan []byte, 8)}
	b.conns[id] = c
	return c
}

func (b *bridge) known(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.conns[id]
	return ok
}

func (b *bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := sessionOf(r)
	if r.Method == http.MethodGet {
		b.stream(w, id)
		return
	}
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	switch {
	case msg.Method == "initialize":
		b.initialize(w, id)
	default:
		if id == "" {
			http.Error(w, "missing session", http.StatusBadRequest)
			return
		}
		if !b.known(id) {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		b.call(w, id)
	}
}

func (b *bridge) initialize(w http.ResponseWriter, id string) {
	if id == "" {
		id = mint()
	}
	c := b.connFor(id) // want `an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it`
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func (b *bridge) stream(w http.ResponseWriter, id string) {
	if id == "" {
		id = mint()
		w.Header().Set("Mcp-Session-Id", id)
	}
	c := b.connFor(id) // want `creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id`
	w.Header().Set("Content-Type", "text/event-stream")
	for ev := range c.events {
		_, _ = w.Write(ev)
	}
}

// call is handed only ids its caller found in the table.
func (b *bridge) call(w http.ResponseWriter, id string) {
	c := b.connFor(id)
	_ = c
	w.WriteHeader(http.StatusAccepted)
}
