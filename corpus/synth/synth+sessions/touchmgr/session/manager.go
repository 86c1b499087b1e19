// Package session tracks MCP sessions with an idle timeout.
package session

import (
	"errors"
	"sync"
	"time"
)

var (
	ErrUnknown = errors.New("session: unknown id")
	ErrExpired = errors.New("session: expired")
)

type entry struct {
	lastSeen time.Time
	client   string
}

// Manager is safe for concurrent use.
type Manager struct {
	mu      sync.Mutex
	idle    time.Duration
	entries map[string]*entry
	now     func() time.Time
}

func NewManager(idle time.Duration) *Manager {
	return &Manager{idle: idle, entries: make(map[string]*entry), now: time.Now}
}

// Register records a freshly minted id.
func (m *Manager) Register(id, client string) {
	m.mu.Lock()
	m.entries[id] = &entry{lastSeen: m.now(), client: client}
	m.mu.Unlock()
}

// Touch marks id as used. An id that sat idle too long is removed and
// reported as ErrExpired.
func (m *Manager) Touch(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[id]
	if !ok {
		return ErrUnknown
	}
	now := m.now()
	if now.Sub(e.lastSeen) > m.idle {
		delete(m.entries, id)
		return ErrExpired
	}
	e.lastSeen = now
	return nil
}

// Close forgets id and reports whether it was known.
func (m *Manager) Close(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.entries[id]
	delete(m.entries, id)
	return ok
}
