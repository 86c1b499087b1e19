package ginbridge

import (
	"sync"
	"time"
)

// Session is what the bridge remembers about a connected MCP client.
type Session struct {
	ID        string
	Owner     string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SessionStore is implemented by the in-memory store below and by the
// bolt-backed one in cmd/bridge.
type SessionStore interface {
	Get(id string) (*Session, bool)
	Put(s *Session)
	Remove(id string) bool
}

type memStore struct {
	mu   sync.RWMutex
	data map[string]*Session
	ttl  time.Duration
}

func NewMemStore(ttl time.Duration) SessionStore {
	return &memStore{data: map[string]*Session{}, ttl: ttl}
}

func (m *memStore) Get(id string) (*Session, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	s, ok := m.data[id]
	if !ok || time.Now().After(s.ExpiresAt) {
		return nil, false
	}
	return s, true
}

func (m *memStore) Put(s *Session) {
	if s.ExpiresAt.IsZero() {
		s.ExpiresAt = time.Now().Add(m.ttl)
	}
	m.mu.Lock()
	m.data[s.ID] = s
	m.mu.Unlock()
}

func (m *memStore) Remove(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.data[id]
	delete(m.data, id)
	return ok
}
