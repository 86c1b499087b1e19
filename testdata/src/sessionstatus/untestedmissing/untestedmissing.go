// Package untestedmissing pins a missing Mcp-Session-Id that reaches a
// store lookup untested: the lookup fails for "" as for an unknown id, and
// its 404 sends a client that merely forgot the header into a loop of new
// sessions, where 400 tells it the request is malformed. The package
// answers a missing id 400 elsewhere (open), so it knows the difference.
package untestedmissing

import (
	"context"
	"net/http"
	"strings"
)

type conn struct{ id string }

type store interface {
	Load(ctx context.Context, id string) (*conn, error)
	Create(ctx context.Context) (*conn, error)
}

type manager interface {
	Validate(id string) (terminated bool, err error)
}

type server struct {
	store store
	ids   manager
	live  map[string]*conn
}

// open tests the header first: a missing id is 400, an unknown one 404.
func (s *server) open(w http.ResponseWriter, r *http.Request) *conn {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return nil
	}
	c, err := s.store.Load(r.Context(), id)
	if err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return nil
	}
	return c
}

// post tests the id only on the initialize branch; the other branch looks
// it up as it comes.
func (s *server) post(w http.ResponseWriter, r *http.Request, initialize bool) {
	id := r.Header.Get("Mcp-Session-Id")
	var c *conn
	var err error
	if initialize {
		if id != "" {
			http.Error(w, "already initialized", http.StatusBadRequest)
			return
		}
		c, err = s.store.Create(r.Context())
		if err != nil {
			http.Error(w, "cannot create", http.StatusInternalServerError)
			return
		}
	} else {
		c, err = s.store.Load(r.Context(), id)
		if err != nil {
			http.Error(w, "session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.store.Load\(...\) untested`
			return
		}
	}
	_ = c
}

// direct indexes the map with the header itself.
func (s *server) direct(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.live[r.Header.Get("Mcp-Session-Id")]; !ok {
		w.WriteHeader(http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.live\[r.Header.Get\(...\)\] untested`
	}
}

// tested is post with the test on the way: silent.
func (s *server) tested(w http.ResponseWriter, r *http.Request, initialize bool) {
	id := r.Header.Get("Mcp-Session-Id")
	if !initialize && id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, err := s.store.Load(r.Context(), id); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

// validated leaves the absent id to a validator, as an id manager with a
// stateless mode does (it accepts every id there, "" included): whether a
// request needs an id is the validator's call, not a lookup's.
func (s *server) validated(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	terminated, err := s.ids.Validate(id)
	if err != nil {
		http.Error(w, "invalid session", http.StatusNotFound)
		return
	}
	if terminated {
		http.Error(w, "session terminated", http.StatusNotFound)
	}
}

// guarded hands the request to a helper that reads and tests the header.
func (s *server) guarded(w http.ResponseWriter, r *http.Request) {
	if !hasSessionHeader(w, r) {
		return
	}
	if _, err := s.store.Load(r.Context(), r.Header.Get("Mcp-Session-Id")); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

func hasSessionHeader(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return false
	}
	return true
}

// passedIn looks up an id its caller read (and may have tested): silent.
func (s *server) passedIn(w http.ResponseWriter, ctx context.Context, id string) {
	if _, err := s.store.Load(ctx, id); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

func (s *server) route(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.passedIn(w, r.Context(), id)
}

// trimmed reads the id through strings.TrimSpace: the read is not a test.
func (s *server) trimmed(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSpace(r.Header.Get("Mcp-Session-Id"))
	if _, ok := s.live[id]; !ok {
		http.Error(w, "session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.live\[id\] untested`
	}
}

// counted tests the header's values before the lookup: silent.
func (s *server) counted(w http.ResponseWriter, r *http.Request) {
	if len(r.Header.Values("Mcp-Session-Id")) == 0 {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := s.live[r.Header.Get("Mcp-Session-Id")]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

// switched looks the id up first and sorts the outcomes in a tagless
// switch whose first case takes the missing id out: silent.
func (s *server) switched(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := s.live[id]
	switch {
	case id == "":
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
	case !ok:
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

// switchedLate puts the lookup's case first: an empty id matches it and
// is answered 404 before the missing case is reached.
func (s *server) switchedLate(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := s.live[id]
	switch {
	case !ok:
		http.Error(w, "session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.live\[id\] untested`
	case id == "":
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
	}
}
