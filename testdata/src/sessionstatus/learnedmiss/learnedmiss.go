// Package learnedmiss: error variables whose names say nothing of a
// session, known for an unknown id by where the package returns them: only
// after a lookup keyed by the id missed.
package learnedmiss

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
)

type conv struct{ owner string }

type book struct {
	mu    sync.Mutex
	convs map[string]*conv
}

var (
	errNope    = errors.New("nope")
	errShape   = errors.New("bad shape")
	errBlocked = errors.New("blocked") // returned on a miss and for a shape alike
)

func (b *book) find(id string) (*conv, error) {
	if len(id) != 32 {
		return nil, errShape
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.convs[id]
	if !ok {
		return nil, errNope
	}
	return c, nil
}

func (b *book) touch(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.convs[id]; !ok {
		return fmt.Errorf("touch %s: %w", id, errNope)
	}
	return nil
}

type api struct{ b *book }

func (a *api) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := a.b.find(id)
	if errors.Is(err, errNope) {
		http.Error(w, "no", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
	if err != nil {
		// What is left is a malformed id: not judged as the miss.
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (a *api) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	err := a.b.touch(id)
	switch {
	case errors.Is(err, errNope):
		http.Error(w, "gone", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
}
