package ginbridge

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrSessionNotFound is returned by a SessionStore for an id it does not hold.
var ErrSessionNotFound = errors.New("ginbridge: session not found")

// Session is one client connection to the bridge.
type Session struct {
	ID        string
	Owner     string
	Upstream  string
	CreatedAt time.Time
}

// SessionStore persists sessions across requests.
type SessionStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Put(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

// MemoryStore is a SessionStore for tests and single-node runs.
type MemoryStore struct {
	mu   sync.RWMutex
	byID map[string]*Session
}

func NewMemoryStore() *MemoryStore {
	return &MemoryStore{byID: map[string]*Session{}}
}

func (m *MemoryStore) Get(_ context.Context, id string) (*Session, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	s, ok := m.byID[id]
	if !ok {
		return nil, ErrSessionNotFound
	}
	return s, nil
}

func (m *MemoryStore) Put(_ context.Context, s *Session) error {
	m.mu.Lock()
	m.byID[s.ID] = s
	m.mu.Unlock()
	return nil
}

func (m *MemoryStore) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.byID[id]; !ok {
		return ErrSessionNotFound
	}
	delete(m.byID, id)
	return nil
}
