// Package echoed: a session helper that keeps the client's Mcp-Session-Id
// when one is sent and mints (and records) one otherwise. Nothing reads
// the record by key, so any id a client makes up is served, and a request
// without one is given a fresh session instead of 400.
package echoed

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"
	"time"
)

var (
	mu     sync.Mutex
	opened = map[string]time.Time{}
)

func sessionOf(r *http.Request) string {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" {
		return id // the request's id returned as it came
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id = hex.EncodeToString(b)
	mu.Lock()
	opened[id] = time.Now()
	mu.Unlock()
	return id
}

type server struct{}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		s.stream(w, r)
	case http.MethodDelete:
		if id := r.Header.Get("Mcp-Session-Id"); id != "" {
			mu.Lock()
			delete(opened, id)
			mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	default:
		id := sessionOf(r)
		w.Header().Set("Mcp-Session-Id", id) // want `hands out Mcp-Session-Id but never tests`
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
	}
}

func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	id := sessionOf(r)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Mcp-Session-Id", id) // an id handed out here too
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "event: ready\ndata: %s\n\n", id)
}
