// Package good: the same table emptied under ids the server chose itself
// (an expiry sweep), never under a request's Mcp-Session-Id: nothing says
// it holds sessions, and the mint per answer is left alone.
package good

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

var (
	mu    sync.Mutex
	trace = map[string]time.Time{}
)

func sweep(before time.Time) {
	mu.Lock()
	defer mu.Unlock()
	for id, at := range trace {
		if at.Before(before) {
			delete(trace, id)
		}
	}
}

type Endpoint struct{}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" && r.Method == http.MethodGet {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	mu.Lock()
	trace[id] = time.Now()
	mu.Unlock()
	sweep(time.Now().Add(-time.Hour))
	w.Header().Set("X-Trace", id)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0"})
}
