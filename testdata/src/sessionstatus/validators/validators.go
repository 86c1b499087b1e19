// Package validators pins session checks that answer a bool or an error
// rather than the session itself: a false Exists or IsValid, a true
// IsExpired, and a failed Validate are an unknown session, answered 404 (a
// failed Validate may also be a store outage, 5xx). A 400 for a failed
// Validate is the mcp-go #689 bug: an expired session's client keeps
// sending it.
// Checks of the id's format, of its owner or of the caller's rights are not
// session lookups; their 400 and 403 are not judged.
package validators

import (
	"context"
	"net/http"
)

type registry interface {
	Exists(ctx context.Context, id string) (bool, error)
	IsValid(id string) bool
	IsExpired(id string) bool
	Validate(id string) error
	Check(id string) (terminated bool, err error)
	CheckOwner(id, user string) error
}

type server struct{ reg registry }

func (s *server) exists(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	found, err := s.reg.Exists(r.Context(), id)
	if err != nil {
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	if !found {
		http.Error(w, "no such session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.reg.Exists\(...\)\)`
		return
	}
}

func (s *server) existsErr(w http.ResponseWriter, r *http.Request) {
	ok, err := s.reg.Exists(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, "bad session", http.StatusForbidden) // want `answers 403 when the session check s.reg.Exists\(...\) fails`
		return
	}
	_ = ok
}

func (s *server) isValid(w http.ResponseWriter, r *http.Request) {
	if !s.reg.IsValid(r.Header.Get("Mcp-Session-Id")) {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
}

func (s *server) expired(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if s.reg.IsExpired(id) {
		w.WriteHeader(http.StatusGone) // want `answers 410 to an unknown or expired Mcp-Session-Id`
		return
	}
	// Not expired: nothing here is about an unknown session.
	if !s.reg.IsExpired(id) {
		http.Error(w, "still alive", http.StatusConflict)
	}
}

func (s *server) validate(w http.ResponseWriter, r *http.Request) {
	if err := s.reg.Validate(r.Header.Get("Mcp-Session-Id")); err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized) // want `answers 401 when the session check s.reg.Validate\(...\) fails`
	}
}

func (s *server) terminated(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	terminated, err := s.reg.Check(id)
	if err != nil {
		http.Error(w, "invalid session id", http.StatusBadRequest) // want `answers 400 when the session check s.reg.Check\(...\) fails`
		return
	}
	if terminated {
		http.Error(w, "session terminated", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
}

// good answers every check as the protocol asks.
func (s *server) good(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.reg.Validate(id); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	if !s.reg.IsValid(id) || s.reg.IsExpired(id) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	// The session exists but belongs to someone else: 403 is right.
	if err := s.reg.CheckOwner(id, r.Header.Get("X-User")); err != nil {
		http.Error(w, "not your session", http.StatusForbidden)
		return
	}
	// The id's characters: a malformed id is a bad request.
	if !isValidSessionID(id) {
		http.Error(w, "malformed session id", http.StatusBadRequest)
	}
}

func isValidSessionID(id string) bool {
	for _, c := range id {
		if c < 0x21 || c > 0x7e {
			return false
		}
	}
	return id != ""
}
