// Package ownstore: a comma-ok method on the package's own session store,
// its miss answered 400.
package ownstore

import (
	"net/http"
	"sync"
)

type session struct{ id string }

type table struct {
	mu sync.RWMutex
	m  map[string]*session
}

func (t *table) get(id string) (*session, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	s, ok := t.m[id]
	return s, ok
}

type server struct{ sessions *table }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session id", http.StatusBadRequest)
		return
	}
	_, ok := s.sessions.get(id)
	if !ok {
		http.Error(w, "bad session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// Right: 400 for no id, 404 for an unknown one.
func (s *server) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session id", http.StatusBadRequest)
		return
	}
	sess, ok := s.sessions.get(id)
	if !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	_ = sess
}
