// Package missingserved: a server that issues session ids answers a
// request without one with success where it cannot be an initialize.
package missingserved

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sync"
)

type conn struct{ id string }

type bridge struct {
	mu    sync.Mutex
	conns map[string]*conn
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

// post issues an id on initialize: an initialize rightly has none.
func (b *bridge) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		c := &conn{id: rand.Text()}
		b.mu.Lock()
		b.conns[c.id] = c
		b.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", c.id)
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// end reads no body: it serves DELETE, never an initialize.
func (b *bridge) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		w.WriteHeader(http.StatusAccepted) // want `answers 202 to a request without Mcp-Session-Id that cannot be an initialize: answer 400`
		return
	}
	b.mu.Lock()
	c, ok := b.conns[id]
	delete(b.conns, id)
	b.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	_ = c
	w.WriteHeader(http.StatusNoContent)
}

// notInit knows the message is not an initialize.
func (b *bridge) notInit(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if id := r.Header.Get("Mcp-Session-Id"); id == "" && m.Method != "initialize" {
		w.WriteHeader(http.StatusAccepted) // want `answers 202 to a request without Mcp-Session-Id that cannot be an initialize`
		return
	}
}
