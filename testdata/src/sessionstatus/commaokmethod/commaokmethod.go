// Package commaokmethod: the package's own session table, looked up
// through a method that answers (T, bool) as a map index does. Its false
// is an id the table does not hold: unknown, 404.
package commaokmethod

import (
	"net/http"
	"strings"
	"sync"
)

type entry struct{ user string }

type table struct {
	mu   sync.Mutex
	byID map[string]entry
}

func (t *table) find(id string) (entry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byID[id]
	return e, ok
}

type gateway struct{ live *table }

func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := g.live.find(id); !ok {
		http.Error(w, "no such session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(g.live.find\(...\)\): answer 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A function's bool says something else: the id does not carry the
// server's prefix, a malformed id, not an unknown one.
func (g *gateway) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := strings.CutPrefix(id, "mcp-"); !ok {
		http.Error(w, "malformed session id", http.StatusBadRequest)
		return
	}
	if _, ok := g.live.find(id); !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}
