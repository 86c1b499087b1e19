// Package unknownonly: the stream refuses an unknown id 404 (and never
// tells a missing one apart), so the package means ids to be checked; its
// message handler checks none past its initialize branch.
package unknownonly

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
	sessions map[string]chan []byte
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		s.mu.Lock()
		s.sessions["minted"] = make(chan []byte, 1)
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", "minted")
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusAccepted) // want `serves every request past its initialize branch`
}

func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ch, ok := s.sessions[r.Header.Get("Mcp-Session-Id")]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id`
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for b := range ch {
		w.Write(b)
	}
}
