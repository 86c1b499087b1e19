// Package looked: the id is minted on initialize and looked up on every
// other message, an unknown one answered 404: not judged.
package looked

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
)

type server struct {
	mu    sync.Mutex
	known map[string]bool
}

type message struct {
	Method string `json:"method"`
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id := hex.EncodeToString(b)
		s.mu.Lock()
		s.known[id] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !s.has(id) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

func (s *server) has(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.known[id]
}
