// Package backends keeps, per session, the backends a gateway started for
// it; it makes the per-session table on first use, whatever the id.
package backends

import (
	"sync"
	"time"
)

type Backend struct{ Name string }

type Manager struct {
	mu       sync.Mutex
	sessions map[string]map[string]*Backend
	seen     map[string]time.Time
}

// ForSession returns the backend name of session id, making the session's
// table when there is none.
func (m *Manager) ForSession(id, name string) (*Backend, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	table, ok := m.sessions[id]
	if !ok {
		table = make(map[string]*Backend)
		m.sessions[id] = table // the entry is made here
	}
	b, ok := table[name]
	if !ok {
		b = &Backend{Name: name}
		table[name] = b
	}
	return b, true
}

// Known reports whether session id has a table, creating nothing.
func (m *Manager) Known(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.sessions[id]
	return ok
}

// Touch keeps a time per id: not a session.
func (m *Manager) Touch(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[id]; !ok {
		m.seen[id] = time.Now()
	}
}
