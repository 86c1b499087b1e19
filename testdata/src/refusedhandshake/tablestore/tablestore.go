// Package tablestore keeps its sessions in a store behind an interface
// (memory, Redis, a database, chosen at startup) and registers one for an
// initialize before the initialize has been handled: a refused handshake
// leaves the stored session behind, under an id no client learns.
package tablestore

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
)

type Session struct {
	ID       string
	Protocol string
}

// Store is where sessions live; its implementation is chosen elsewhere.
type Store interface {
	Get(ctx context.Context, id string) (*Session, error)
	Save(ctx context.Context, id string, s *Session) error
	Delete(ctx context.Context, id string) error
}

type request struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type Server struct {
	store Store
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		id := r.Header.Get("Mcp-Session-Id")
		if _, err := s.store.Get(ctx, id); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	id := rand.Text()
	if err := s.store.Save(ctx, id, &Session{ID: id}); err != nil { // want `a session is registered in store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Careful takes the stored session back on the refusal.
type Careful struct {
	store Store
}

func (s *Careful) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		id := r.Header.Get("Mcp-Session-Id")
		if _, err := s.store.Get(ctx, id); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	id := rand.Text()
	if err := s.store.Save(ctx, id, &Session{ID: id}); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		_ = s.store.Delete(ctx, id)
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Tasks keeps records under fresh ids nobody looks up by Mcp-Session-Id:
// not a session table.
type Tasks struct {
	store Store
}

func (s *Tasks) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := rand.Text()
	if err := s.store.Save(ctx, id, &Session{ID: id}); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if r.URL.Query().Get("fail") != "" {
		http.Error(w, "refused", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
}
