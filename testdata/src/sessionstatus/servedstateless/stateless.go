// Package servedstateless: a server without sessions. It keeps no table of
// ids and ignores the header; every request is served on its own. Silent.
package servedstateless

import (
	"net/http"
	"sync"
)

type stats struct{ calls int }

type server struct {
	mu     sync.Mutex
	byUser map[string]*stats
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_ = id
	user := r.Header.Get("X-User")
	s.mu.Lock()
	st, ok := s.byUser[user]
	if !ok {
		st = &stats{}
		s.byUser[user] = st
	}
	st.calls++
	s.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

// A counter per id, without minting any: no session of its own.
func (s *server) count(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	if st, ok := s.byUser[id]; ok {
		st.calls++
	}
	s.mu.Unlock()
	w.WriteHeader(http.StatusAccepted)
}
