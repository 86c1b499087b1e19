// Package wiring is a hand-rolled session map with two classification bugs
// and one finding suppressed with a reason.
package wiring

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
)

type session struct{ id string }

type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		s.initialize(w)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "invalid session", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *Server) initialize(w http.ResponseWriter) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	id := hex.EncodeToString(b)
	s.sessions[id] = &session{id: id}
	s.mu.Unlock()
}

// Legacy answers a client that predates 404 re-initialisation.
func (s *Server) Legacy(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, ok := s.sessions[r.Header.Get("Mcp-Session-Id")]
	s.mu.Unlock()
	if !ok {
		//mcpvet:ignore sessionstatus the v0 client this endpoint serves loops on 404
		http.Error(w, "invalid session", http.StatusBadRequest)
	}
}
