// Package behindcheck: the handler checks no id past its initialize
// branch, but a middleware of the package reads the id before handing the
// request on, and may refuse it there: silent.
package behindcheck

import (
	"encoding/json"
	"net/http"
	"sync"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type server struct {
	mu       sync.Mutex
	sessions map[string]bool
}

func (s *server) open(w http.ResponseWriter) {
	s.mu.Lock()
	s.sessions["minted"] = true
	s.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", "minted")
	w.WriteHeader(http.StatusOK)
}

// requireSession refuses a missing or unknown id on every request but a
// POST, which it leaves to the handler's initialize test.
func (s *server) requireSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if r.Method != http.MethodPost && id == "" {
			http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.open(w)
		return
	}
	_ = r.Header.Get("Mcp-Session-Id")
	json.NewEncoder(w).Encode(map[string]any{"id": m.ID})
}

// end answers a missing id 400.
func (s *server) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.sessions[id] {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	delete(s.sessions, id)
	w.WriteHeader(http.StatusNoContent)
}
