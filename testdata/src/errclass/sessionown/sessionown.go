// Package sessionown: a helper that finds the request's session, or makes
// one, fails for an id it does not hold and for its own random source
// alike. A 4xx fits the first; the second is the server's (500).
package sessionown

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

type session struct{ id string }

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
	store    Store
}

// Store keeps sessions elsewhere; a lookup fails for an id it does not hold.
type Store interface {
	Load(ctx context.Context, id string) (*session, error)
}

var errUnknown = errors.New("unknown session")

func newID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session id: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// resolve returns the session the id names, or a new one for an initialize.
func (s *server) resolve(id string, initialize bool) (*session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id != "" && !initialize {
		sess, ok := s.sessions[id]
		if !ok {
			return nil, fmt.Errorf("%w: %q", errUnknown, id)
		}
		return sess, nil
	}
	fresh, err := newID()
	if err != nil {
		return nil, err
	}
	sess := &session{id: fresh}
	s.sessions[fresh] = sess
	return sess, nil
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	sess, err := s.resolve(r.Header.Get("Mcp-Session-Id"), r.URL.Query().Get("init") != "")
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound) // want `answers 404 when the session lookup fails, also when rand.Read fails, a server-side failure: answer that one 500`
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.id)
}

// toldApart answers the unknown id apart from the rest.
func (s *server) toldApart(w http.ResponseWriter, r *http.Request) {
	sess, err := s.resolve(r.Header.Get("Mcp-Session-Id"), false)
	if errors.Is(err, errUnknown) {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.id)
}

// stored: a store's failure for an id is sessionstatus's to judge.
func (s *server) stored(w http.ResponseWriter, r *http.Request) {
	sess, err := s.store.Load(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.id)
}
