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

// gate's name says nothing; its body is false for no id and for an id not
// in the map, and for nothing else.
func (s *server) gate(r *http.Request) bool {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.sessions[id]
	return ok
}

func (s *server) list(w http.ResponseWriter, r *http.Request) {
	if !s.gate(r) {
		http.Error(w, "no", http.StatusForbidden) // want `answers 403 when s.gate\(...\) fails on the request's Mcp-Session-Id: answer 404 for an unknown id, 400 for none`
		return
	}
}

// fence is false for a request over its quota too: its false is not the
// session's alone, and 429 or 403 may be what it means.
func (s *server) fence(r *http.Request) bool {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" || r.ContentLength > 1<<20 {
		return false
	}
	_, ok := s.sessions[id]
	return ok
}

func (s *server) read(w http.ResponseWriter, r *http.Request) {
	if !s.fence(r) {
		http.Error(w, "no", http.StatusForbidden)
		return
	}
}
