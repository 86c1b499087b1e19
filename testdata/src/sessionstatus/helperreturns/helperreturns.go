// Package helperreturns: helpers that fail for a missing id and for an
// unknown one with errors of their own making, told apart by the tests
// they return under rather than by names. A caller that answers every
// error 400 answers the unknown id 400 (404 is due); one that answers
// every error 404 answers the missing id 404 (400 is due).
package helperreturns

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

type conn struct{ ready bool }

type server struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func reply(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

// sessionOf reads the header itself.
func (s *server) sessionOf(r *http.Request) (*conn, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, errors.New("missing Mcp-Session-Id")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.conns[id]
	if !ok {
		return nil, errors.New("unknown session")
	}
	return c, nil
}

// resolve is given the id.
func (s *server) resolve(id string) (*conn, error) {
	if id == "" {
		return nil, fmt.Errorf("no session id")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.conns[id]
	if !ok {
		return nil, fmt.Errorf("session %q not found", id)
	}
	return c, nil
}

func (s *server) call(w http.ResponseWriter, r *http.Request) {
	c, err := s.sessionOf(r)
	if err != nil {
		reply(w, http.StatusBadRequest, -32001, err.Error()) // want `answers 400 to every error of s.sessionOf\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
		return
	}
	_ = c
	w.WriteHeader(http.StatusAccepted)
}

func (s *server) end(w http.ResponseWriter, r *http.Request) {
	c, err := s.resolve(r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.resolve\(...\) untested`
		return
	}
	_ = c
	w.WriteHeader(http.StatusNoContent)
}

// Right: the missing id is refused before the helper is asked.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, err := s.resolve(id); err != nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (s *server) drop(w http.ResponseWriter, r *http.Request) {
	if _, err := s.sessionOf(r); err != nil {
		reply(w, http.StatusNotFound, -32001, "Session not found") // want `answers 404 to every error of s.sessionOf\(...\), also the one it returns for a request without Mcp-Session-Id: answer that one 400`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Right: the handler reads the id and refuses none 400 first.
func (s *server) dropChecked(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, err := s.sessionOf(r); err != nil {
		reply(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
