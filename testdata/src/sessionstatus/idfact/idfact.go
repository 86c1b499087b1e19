// Package idfact: the session id read through a helper of another
// package, known by a fact to return it.
package idfact

import (
	"net/http"
	"sync"

	"fixtures/sessionstatus/idfact/reqctx"
)

type server struct {
	mu       sync.Mutex
	sessions map[string]chan []byte
	tenants  map[string]bool
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := reqctx.SessionID(r)
	if id == "" {
		http.Error(w, "no session", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	s.mu.Lock()
	ch, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
	ch <- nil
}

// right answers both cases as the protocol's table does.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	id := reqctx.SessionID(r)
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// tenant's value is not the session id, nor is what Clean returns for
// another value.
func (s *server) tenant(w http.ResponseWriter, r *http.Request) {
	t := reqctx.Clean(reqctx.Tenant(r))
	if t == "" {
		http.Error(w, "no tenant", http.StatusNotFound)
		return
	}
	if !s.tenants[t] {
		http.Error(w, "unknown tenant", http.StatusBadRequest)
		return
	}
}
