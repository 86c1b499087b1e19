package gonemerged

import (
	"fmt"
	"net/http"
)

// touch fails only for an id its table does not hold: its one error is
// the client's, never the server's.
func (s *relay) touch(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.known[id]; !ok {
		return fmt.Errorf("relay: session %q not found", id)
	}
	return nil
}

func (s *relay) onPing(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := s.touch(id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) // want `answers 500 to the error of s.touch\(...\), the one it returns for an unknown Mcp-Session-Id: answer it 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: the same error answered 404.
func (s *relay) onPingFound(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := s.touch(id); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
