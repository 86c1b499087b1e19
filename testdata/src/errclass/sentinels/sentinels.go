// Package sentinels pins package-level sentinel errors as origins, placed
// by what their names say: a session that already exists is the client's
// fault, a store that is unavailable the server's. A 400 for an error that
// can be the latter is reported, naming it; a 400 for the former alone is
// right.
package sentinels

import (
	"errors"
	"net/http"
)

var (
	ErrSessionExists    = errors.New("session already exists")
	ErrStoreUnavailable = errors.New("session store unavailable")
	errOther            = errors.New("something")
)

type store struct {
	sessions map[string]bool
	down     bool
}

func (s *store) create(id string) error {
	if s.sessions[id] {
		return ErrSessionExists
	}
	if s.down {
		return ErrStoreUnavailable
	}
	s.sessions[id] = true
	return nil
}

func (s *store) claim(id string) error {
	if s.sessions[id] {
		return ErrSessionExists
	}
	return nil
}

func (s *store) vague(id string) error {
	if s.sessions[id] {
		return errOther
	}
	return nil
}

func (s *store) serve(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	if err := s.create(id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error that can come from sentinels.ErrStoreUnavailable`
		return
	}
	// Only the client's sentinel comes out of claim: 400 is right.
	if err := s.claim(id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	// A name that says neither: not judged.
	if err := s.vague(id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

func (s *store) good(w http.ResponseWriter, r *http.Request) {
	if err := s.create(r.URL.Query().Get("id")); err != nil {
		if errors.Is(err, ErrSessionExists) {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (s *store) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.serve)
}
