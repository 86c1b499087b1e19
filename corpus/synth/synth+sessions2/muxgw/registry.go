package muxgw

import (
	"errors"
	"sync"
	"time"
)

var errNoSuchSession = errors.New("muxgw: no such session")

type Session struct {
	ID       string
	Client   string
	LastSeen time.Time
	cancel   func()
}

type Registry struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func NewRegistry() *Registry { return &Registry{byID: make(map[string]*Session)} }

// Lookup returns nil when id is not registered.
func (r *Registry) Lookup(id string) *Session {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.byID[id]
	if s != nil {
		s.LastSeen = time.Now()
	}
	return s
}

func (r *Registry) Register(s *Session) {
	r.mu.Lock()
	r.byID[s.ID] = s
	r.mu.Unlock()
}

func (r *Registry) Close(id string) error {
	r.mu.Lock()
	s, ok := r.byID[id]
	delete(r.byID, id)
	r.mu.Unlock()
	if !ok {
		return errNoSuchSession
	}
	if s.cancel != nil {
		s.cancel()
	}
	return nil
}
