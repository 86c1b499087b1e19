// Package sessionstep: a handshake that registers its session, keyed by
// the session's own minted id, then runs a step of that session (its
// handshake with a backend) and refuses when the step fails, without
// taking the entry out. Refusals past the initialize branch's return are
// another request's and are not named.
package sessionstep

import (
	"crypto/rand"
	"errors"
	"log"
	"net/http"
	"sync"
)

type worker struct {
	id      string
	version string
}

func (w *worker) handshake(params []byte) error {
	if len(params) == 0 {
		return errors.New("no params")
	}
	w.version = "2025-06-18"
	return nil
}

type server struct {
	mu      sync.Mutex
	workers map[string]*worker
}

func (s *server) serve(w http.ResponseWriter, r *http.Request, method string, params []byte) {
	if method == "initialize" {
		wk := &worker{id: rand.Text()}
		s.mu.Lock()
		s.workers[wk.id] = wk // want `a session is registered in workers before the handshake is accepted, and a later refusal answers an error without removing it`
		s.mu.Unlock()
		if err := wk.handshake(params); err != nil {
			log.Printf("session %s: %v", wk.id, err)
			http.Error(w, "Invalid params", http.StatusBadRequest)
			return // leaks
		}
		w.Header().Set("Mcp-Session-Id", wk.id)
		w.WriteHeader(http.StatusOK)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, ok := s.workers[sid]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// serveUndone takes the entry out when the step fails: silent.
func (s *server) serveUndone(w http.ResponseWriter, r *http.Request, method string, params []byte) {
	if method == "initialize" {
		wk := &worker{id: rand.Text()}
		s.mu.Lock()
		s.workers[wk.id] = wk
		s.mu.Unlock()
		if err := wk.handshake(params); err != nil {
			s.mu.Lock()
			delete(s.workers, wk.id)
			s.mu.Unlock()
			http.Error(w, "Invalid params", http.StatusBadRequest)
			return
		}
		w.Header().Set("Mcp-Session-Id", wk.id)
		w.WriteHeader(http.StatusOK)
		return
	}
	if _, ok := s.workers[r.Header.Get("Mcp-Session-Id")]; !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
	}
}
