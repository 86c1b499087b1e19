// Package reached: answers no test around them ties to the session, that
// a request with an unknown or a missing Mcp-Session-Id still reaches
// first.
package reached

import (
	"crypto/rand"
	"net/http"
	"sync"
)

type session struct{ events chan []byte }

func (s *session) close() {}

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return string(b)
}

// The handshake hands out the ids the other handlers look up.
func (s *server) initialize(w http.ResponseWriter, r *http.Request) {
	id := newID()
	s.mu.Lock()
	s.sessions[id] = &session{}
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// A flag the lookup's branch sets decides the refusal.
func (s *server) flag(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	found := false
	if sess, ok := s.sessions[id]; ok {
		found = true
		_ = sess
	}
	if !found {
		http.Error(w, "not allowed", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
	s.serve(w, r)
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {}

// A DELETE that closes the session only when it is there, and answers
// success either way: reported once, by the rule that reads the lookup's
// miss falling through; the walk, which reaches the 204 too, leaves a
// function another rule reported.
func (s *server) end(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		id := r.Header.Get("Mcp-Session-Id")
		if sess, ok := s.sessions[id]; ok { // want `an Mcp-Session-Id the session table does not know is served`
			sess.close()
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}
