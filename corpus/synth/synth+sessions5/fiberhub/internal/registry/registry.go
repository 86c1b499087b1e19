// Package registry tracks the MCP client sessions connected to the hub.
package registry

import (
	"sync"
	"time"
)

type Entry struct {
	ID          string
	ClientName  string
	Negotiated  string
	Initialized bool
	OpenedAt    time.Time
	Notify      chan []byte
}

type Registry struct {
	mu      sync.RWMutex
	entries map[string]*Entry
}

func New() *Registry {
	return &Registry{entries: map[string]*Entry{}}
}

func (r *Registry) Add(e *Entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries[e.ID] = e
}

// Lookup returns the entry for id and whether it exists.
func (r *Registry) Lookup(id string) (*Entry, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.entries[id]
	return e, ok
}

func (r *Registry) Drop(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.entries[id]; !ok {
		return false
	}
	delete(r.entries, id)
	return true
}

func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.entries)
}
