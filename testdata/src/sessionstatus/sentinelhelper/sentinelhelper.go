// Package sentinelhelper: a helper that tells a missing id from an unknown
// one by two errors of its own, and callers that answer both 400. The
// unknown one must be 404, or the client keeps a dead session.
package sentinelhelper

import (
	"errors"
	"net/http"
	"sync"
)

var (
	errNoSession      = errors.New("missing session")
	errUnknownSession = errors.New("unknown session")
)

type conn struct{ id string }

type server struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func (s *server) connFor(r *http.Request) (*conn, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, errNoSession
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.conns[id]
	if !ok {
		return nil, errUnknownSession
	}
	return c, nil
}

func (s *server) handleGet(w http.ResponseWriter, r *http.Request) {
	c, err := s.connFor(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 to every error of s.connFor\(...\), errUnknownSession \(an unknown session\) too: answer that one 404`
		return
	}
	_ = c
}

// Right: the two errors told apart.
func (s *server) handleDelete(w http.ResponseWriter, r *http.Request) {
	c, err := s.connFor(r)
	switch {
	case errors.Is(err, errUnknownSession):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_ = c
}
