// Package search: a server that keeps its sessions in a slice and finds
// the request's id by searching it, with a loop or slices.Contains. The
// search's miss is an unknown id, due 404.
package search

import (
	"net/http"
	"slices"
	"sync"
)

type session struct {
	id   string
	user string
}

type server struct {
	mu      sync.Mutex
	list    []*session
	issued  []string
	revoked []string
}

// byLoop answers the loop's miss 400.
func (s *server) byLoop(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	var sess *session
	s.mu.Lock()
	for _, c := range s.list {
		if c.id == id {
			sess = c
			break
		}
	}
	s.mu.Unlock()
	if sess == nil {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(the search of s.list\)`
		return
	}
	_ = sess.user
}

// byFlag answers a found flag's miss 401.
func (s *server) byFlag(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	found := false
	for _, known := range s.issued {
		if known == id {
			found = true
		}
	}
	if !found {
		w.WriteHeader(http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(the search of s.issued\)`
		return
	}
}

// byContains answers slices.Contains's miss 403.
func (s *server) byContains(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !slices.Contains(s.issued, id) {
		http.Error(w, "forbidden", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// right answers the miss 404 and a revoked id 404: silent.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	revoked := false
	for _, x := range s.revoked {
		if x == id {
			revoked = true
		}
	}
	if revoked {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	var sess *session
	for _, c := range s.list {
		if c.id == id {
			sess = c
		}
	}
	if sess == nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// byOwner matches the id and the user together: the miss is an unknown
// id or another user's session, which is 403; one answer for both is not
// judged.
func (s *server) byOwner(w http.ResponseWriter, r *http.Request, user string) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	var sess *session
	for _, c := range s.list {
		if c.id == id && c.user == user {
			sess = c
		}
	}
	if sess == nil {
		http.Error(w, "Forbidden: session user mismatch", http.StatusForbidden)
		return
	}
}

// copies is not a search: the loop's variable is declared in it.
func (s *server) copies(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	for _, c := range s.list {
		var match *session
		if c.id == id {
			match = c
		}
		_ = match
	}
	w.WriteHeader(http.StatusOK)
}
