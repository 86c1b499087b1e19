// Package issued hands out session ids and never answers a missing one at
// all: its middleware looks the header's id up as it comes, so a request
// without Mcp-Session-Id is answered 404, the unknown-session answer, and
// its client starts a new session instead of learning its request lacks
// the header (400). A server that sets the id on its answers requires it.
package issued

import (
	"crypto/rand"
	"net/http"
	"sync"
)

type session struct{ id string }

type server struct {
	mu       sync.RWMutex
	sessions map[string]*session
}

func (s *server) initialize(w http.ResponseWriter, r *http.Request) {
	id := rand.Text()
	s.mu.Lock()
	s.sessions[id] = &session{id: id}
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// withSession resolves the session of every request but initialize.
func (s *server) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.RLock()
		_, ok := s.sessions[r.Header.Get("Mcp-Session-Id")]
		s.mu.RUnlock()
		if !ok {
			http.Error(w, "session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.sessions\[r.Header.Get\(...\)\] untested`
			return
		}
		next.ServeHTTP(w, r)
	})
}

// withTestedSession is withSession with the header tested first: silent.
func (s *server) withTestedSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			next.ServeHTTP(w, r)
			return
		}
		s.mu.RLock()
		_, ok := s.sessions[id]
		s.mu.RUnlock()
		if !ok {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		next.ServeHTTP(w, r)
	})
}
