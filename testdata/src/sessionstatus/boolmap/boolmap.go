// Package boolmap pins a set of known sessions kept as a map[string]bool:
// a plain index by the Mcp-Session-Id value is false for an id not in the
// set, so testing it as false is an unknown-session lookup, answered 404.
package boolmap

import (
	"net/http"
	"sync"
)

type server struct {
	mu       sync.Mutex
	sessions map[string]bool
	closed   map[string]bool
	origins  map[string]bool
	streams  map[string]int
}

// Must flag.

func (s *server) okVar(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.sessions\[id\]\): answer 404`
		return
	}
}

func (s *server) inline(w http.ResponseWriter, r *http.Request) {
	if !s.sessions[r.Header.Get("mcp-session-id")] {
		w.WriteHeader(http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.sessions\[r.Header.Get\(...\)\]\)`
		return
	}
}

func (s *server) conjunction(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.sessions[id] {
		http.Error(w, "bad session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.sessions\[id\]\)`
		return
	}
}

func (s *server) varDecl(w http.ResponseWriter, r *http.Request) {
	var known = s.sessions[r.Header.Get("Mcp-Session-Id")]
	if !known {
		http.Error(w, "forbidden", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
}

// Must not flag.

func (s *server) okVar404(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	ok := s.sessions[id]
	if !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
}

func (s *server) inline404(w http.ResponseWriter, r *http.Request) {
	if !s.sessions[r.Header.Get("Mcp-Session-Id")] {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
}

// A known session in the else branch: the answer is not about the id.
func (s *server) elseBranch(w http.ResponseWriter, r *http.Request) {
	if !s.sessions[r.Header.Get("Mcp-Session-Id")] {
		http.Error(w, "session not found", http.StatusNotFound)
	} else {
		http.Error(w, "not implemented", http.StatusBadRequest)
	}
}

// Tested as true: the map is not a set of known sessions.
func (s *server) closedSet(w http.ResponseWriter, r *http.Request) {
	if s.closed[r.Header.Get("Mcp-Session-Id")] {
		http.Error(w, "closed", http.StatusBadRequest)
	}
}

// A bool map keyed by another header.
func (s *server) otherKey(w http.ResponseWriter, r *http.Request) {
	if !s.origins[r.Header.Get("Origin")] {
		http.Error(w, "forbidden origin", http.StatusForbidden)
	}
}

// ok reassigned from something else before the test.
func (s *server) reassigned(w http.ResponseWriter, r *http.Request) {
	ok := s.sessions[r.Header.Get("Mcp-Session-Id")]
	_ = ok
	ok = r.Header.Get("Accept") != ""
	if !ok {
		http.Error(w, "bad accept", http.StatusBadRequest)
	}
}

// Not a bool map: a count of open streams is not a lookup of the session.
func (s *server) intMap(w http.ResponseWriter, r *http.Request) {
	if s.streams[r.Header.Get("Mcp-Session-Id")] > 2 {
		http.Error(w, "too many streams", http.StatusConflict)
	}
}
