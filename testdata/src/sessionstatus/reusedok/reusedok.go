// Package reusedok pins mcp-go's sampling-response shape: ok is reused, from
// a session lookup and then from a type assertion. The assertion's failure
// is the server's (500) and is not an unknown session; the lookup's own
// failure is judged.
package reusedok

import (
	"net/http"
	"sync"
)

type session struct{}

type server struct{ active sync.Map }

func (s *server) deliver(w http.ResponseWriter, r *http.Request) {
	sessionID := r.Header.Get("Mcp-Session-Id")
	v, ok := s.active.Load(sessionID)
	if !ok {
		http.Error(w, "No active session", http.StatusNotFound)
		return
	}
	sess, ok := v.(*session)
	if !ok {
		http.Error(w, "Invalid session type", http.StatusInternalServerError)
		return
	}
	_ = sess
}

func (s *server) deliverWrong(w http.ResponseWriter, r *http.Request) {
	sessionID := r.Header.Get("Mcp-Session-Id")
	v, ok := s.active.Load(sessionID)
	if !ok {
		http.Error(w, "No active session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
	_, ok = v.(*session)
	if !ok {
		http.Error(w, "Invalid session type", http.StatusInternalServerError)
	}
}
