// Package deleteonly: the table is never looked up, only emptied by a
// DELETE naming its Mcp-Session-Id, which is what makes it a table of
// sessions; every answered request without an id gets an entry, whatever
// its method.
package deleteonly

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"
)

var (
	mu      sync.Mutex
	started = map[string]time.Time{}
)

// idFor hands back the client's id, or keeps a new one.
func idFor(r *http.Request) string {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		return id
	}
	b := make([]byte, 16)
	rand.Read(b)
	id := hex.EncodeToString(b)
	mu.Lock()
	started[id] = time.Now()
	mu.Unlock()
	return id
}

type Engine interface {
	Handle(body []byte) any
}

type Endpoint struct{ engine Engine }

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		id := r.Header.Get("Mcp-Session-Id")
		mu.Lock()
		delete(started, id)
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	out := e.engine.Handle(body)
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	id := idFor(r) // want `a session is registered in started under a freshly minted id whatever the request's method`
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(out)
}
