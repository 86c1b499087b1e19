// Package store keeps sessions for handlers of other packages.
package store

import (
	"errors"
	"fmt"
	"sync"
)

var (
	ErrNotFound = errors.New("store: no such session")
	ErrClosed   = errors.New("store: closed")
)

type Session struct{ ID string }

// Memory is a concrete store a handler holds as is.
type Memory struct {
	mu sync.Mutex
	m  map[string]*Session
}

// Get fails with ErrNotFound for an id it does not hold.
func (s *Memory) Get(id string) (*Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		return nil, ErrClosed
	}
	sess, ok := s.m[id]
	if !ok {
		return nil, fmt.Errorf("get %q: %w", id, ErrNotFound)
	}
	return sess, nil
}

// Sessions is what handlers hold; cache is its only implementation here.
type Sessions interface {
	Load(id string) (*Session, error)
}

type cache struct{ m map[string]*Session }

func NewCache() Sessions { return &cache{m: map[string]*Session{}} }

func (c *cache) Load(id string) (*Session, error) {
	if s, ok := c.m[id]; ok {
		return s, nil
	}
	return nil, ErrNotFound
}

// Ping reaches the backend; it knows no session.
func (s *Memory) Ping(name string) error {
	if s.m == nil {
		return ErrClosed
	}
	return nil
}

// Registry fails for an id it lacks with an error it builds, named
// nowhere.
type Registry struct {
	mu sync.Mutex
	m  map[string]*Entry
}

// Entry is what the registry holds for a session.
type Entry struct{ Owner string }

func (g *Registry) Owner(id string) (*Entry, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.m[id]
	if !ok {
		return nil, fmt.Errorf("registry: %q absent", id)
	}
	return e, nil
}
