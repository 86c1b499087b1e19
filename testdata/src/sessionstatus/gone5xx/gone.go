// Package gone5xx: a failed lookup of the id answered 5xx where the lookup
// fails for an id it does not hold with an error of its own: the unknown
// id is answered as a store outage. Telling that error apart is silent.
package gone5xx

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"sync"
)

var ErrSessionNotFound = errors.New("session not found")

type record struct{ owner string }

type store interface {
	Get(ctx context.Context, id string) (*record, error)
}

type memStore struct {
	mu sync.Mutex
	m  map[string]*record
}

func (s *memStore) Get(ctx context.Context, id string) (*record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.m[id]
	if !ok {
		return nil, ErrSessionNotFound
	}
	return r, nil
}

type handler struct {
	st store
	db *sql.DB
}

func (h *handler) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	rec, err := h.st.Get(r.Context(), id)
	if err != nil {
		http.Error(w, "could not load session", http.StatusInternalServerError) // want `answers 500 to an unknown Mcp-Session-Id too \(ErrSessionNotFound of the lookup`
		return
	}
	_ = rec
}

func (h *handler) fromSQL(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	var owner string
	err := h.db.QueryRowContext(r.Context(), "select owner from sessions where id = $1", id).Scan(&owner)
	if err != nil {
		http.Error(w, "database error", http.StatusInternalServerError) // want `\(sql.ErrNoRows of the lookup is not told apart\)`
		return
	}
}

// toldApart answers the not-found error 404 first: silent.
func (h *handler) toldApart(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	rec, err := h.st.Get(r.Context(), id)
	if errors.Is(err, ErrSessionNotFound) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "could not load session", http.StatusInternalServerError)
		return
	}
	_ = rec
}
