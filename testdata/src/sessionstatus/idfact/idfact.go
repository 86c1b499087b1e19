// Package idfact: the session id read through a helper of another
// package, known by a fact to return it.
package idfact

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"fixtures/sessionstatus/idfact/reqctx"
)

type server struct {
	mu       sync.Mutex
	sessions map[string]chan []byte
	tenants  map[string]bool
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := reqctx.SessionID(r)
	if id == "" {
		http.Error(w, "no session", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	s.mu.Lock()
	ch, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
	ch <- nil
}

// right answers both cases as the protocol's table does.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	id := reqctx.SessionID(r)
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// tenant's value is not the session id, nor is what Clean returns for
// another value.
func (s *server) tenant(w http.ResponseWriter, r *http.Request) {
	t := reqctx.Clean(reqctx.Tenant(r))
	if t == "" {
		http.Error(w, "no tenant", http.StatusNotFound)
		return
	}
	if !s.tenants[t] {
		http.Error(w, "unknown tenant", http.StatusBadRequest)
		return
	}
}

var errGone = errors.New("gone")

func (s *server) load(id string) (chan []byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch, ok := s.sessions[id]; ok {
		return ch, nil
	}
	return nil, errGone
}

// inBody answers a failed lookup in a 200 body: wrong whichever way the
// lookup failed.
func (s *server) inBody(w http.ResponseWriter, r *http.Request) {
	id := reqctx.SessionID(r)
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := s.load(id); err != nil {
		rpcError(w, -32001, "Session not found") // want `answers 200 when the session lookup s.load\(...\) fails`
		return
	}
}

// rpcError writes a JSON-RPC error and no status.
func rpcError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}
