// Package session tracks live MCP sessions with an idle timeout.
package session

import (
	"crypto/rand"
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
	version  string
}

// Manager is safe for concurrent use.
type Manager struct {
	mu      sync.Mutex
	entries map[string]*entry
	idle    time.Duration
	now     func() time.Time
}

func NewManager(idle time.Duration) *Manager {
	return &Manager{entries: map[string]*entry{}, idle: idle, now: time.Now}
}

// Create mints a fresh id.
func (m *Manager) Create(version string) string {
	id := rand.Text()
	m.mu.Lock()
	m.entries[id] = &entry{lastSeen: m.now(), version: version}
	m.mu.Unlock()
	return id
}

// Touch marks id as active. Sessions idle for longer than the timeout are
// dropped and reported as ErrExpired once.
func (m *Manager) Touch(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[id]
	if !ok {
		return ErrUnknown
	}
	if m.now().Sub(e.lastSeen) > m.idle {
		delete(m.entries, id)
		return ErrExpired
	}
	e.lastSeen = m.now()
	return nil
}

// Exists reports whether id names a live session without refreshing it.
func (m *Manager) Exists(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.entries[id]
	return ok
}

// Remove forgets id. It reports whether the id was known.
func (m *Manager) Remove(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.entries[id]
	delete(m.entries, id)
	return ok
}
