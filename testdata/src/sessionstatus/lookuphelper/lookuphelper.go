// Package lookuphelper: the session is found by a helper of the package
// that fails with an error of its own for an id its table does not hold;
// the caller answers that failure 400. The finding names the helper's
// return too, since that is the failure answered with the wrong status.
package lookuphelper

import (
	"fmt"
	"net/http"
	"sync"
)

type conn struct{ id string }

type bridge struct {
	mu       sync.Mutex
	sessions map[string]*conn
}

func (b *bridge) find(id string) (*conn, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.sessions[id]
	if !ok {
		return nil, fmt.Errorf("no session %q", id) // the unknown id's return
	}
	return c, nil
}

func (b *bridge) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	c, err := b.find(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 when the session lookup b.find\(...\) fails: answer 404`
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusAccepted)
}
