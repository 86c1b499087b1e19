package muxstatus

import (
	"sync"
	"time"
)

// Session is a connected MCP client.
type Session struct {
	ID      string
	Started time.Time
	Events  chan []byte
}

type registry struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func newRegistry() *registry { return &registry{byID: make(map[string]*Session)} }

func (r *registry) find(id string) *Session {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byID[id]
}

func (r *registry) put(s *Session) {
	r.mu.Lock()
	r.byID[s.ID] = s
	r.mu.Unlock()
}

func (r *registry) drop(id string) {
	r.mu.Lock()
	if s, ok := r.byID[id]; ok {
		close(s.Events)
		delete(r.byID, id)
	}
	r.mu.Unlock()
}
