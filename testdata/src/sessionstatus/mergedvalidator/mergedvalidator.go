// Package mergedvalidator: validators that are false for a missing and for
// an unknown session id alike, their failure answered as if only one
// could be.
package mergedvalidator

import (
	"net/http"
	"sync"
)

type server struct {
	mu       sync.RWMutex
	sessions map[string]bool
	current  string
}

// validSession is false for "" and for an id not in the map.
func (s *server) validSession(id string) bool {
	if id == "" {
		return false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.sessions[id]
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.validSession(id) {
		http.Error(w, "invalid session", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id: s.validSession\(...\) is false for an empty id: answer that 400`
		return
	}
}

// Right: the missing id is answered first.
func (s *server) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	if !s.validSession(id) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
}

// validateSession reads the header itself.
func (s *server) validateSession(r *http.Request) bool {
	if s.current == "" {
		return true
	}
	return r.Header.Get("Mcp-Session-Id") == s.current
}

func (s *server) del(w http.ResponseWriter, r *http.Request) {
	if !s.validateSession(r) {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 when s.validateSession\(...\) fails on the request's Mcp-Session-Id: answer 404 for an unknown id, 400 for none`
		return
	}
}

// authorized checks a token, not the session: its 401 is right.
func (s *server) authorized(r *http.Request) bool {
	return r.Header.Get("Authorization") != ""
}

func (s *server) tools(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(r) {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
}
