// Package sessions: a session manager whose get-or-create makes a new
// session when the id it is given is not in its table.
package sessions

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
)

type State struct {
	ID    string
	Calls int
}

type Manager struct {
	mu  sync.Mutex
	all map[string]*State
}

func New() *Manager { return &Manager{all: map[string]*State{}} }

func (m *Manager) Get(id string) (*State, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.all[id]
	return s, ok
}

// Create mints a session under a random id.
func (m *Manager) Create() *State {
	b := make([]byte, 16)
	rand.Read(b)
	s := &State{ID: hex.EncodeToString(b)}
	m.mu.Lock()
	m.all[s.ID] = s
	m.mu.Unlock()
	return s
}

// Ensure returns the session under id, or a new one under a new id.
func (m *Manager) Ensure(id string) *State {
	if s, ok := m.Get(id); ok {
		return s
	}
	return m.Create() // a fresh session for an id not found
}

// Adopt keeps the caller's id for a session it does not hold: an id
// adopted, not replaced (adoption is another rule's).
func (m *Manager) Adopt(id string) *State {
	if s, ok := m.Get(id); ok {
		return s
	}
	s := &State{ID: id}
	m.mu.Lock()
	m.all[id] = s
	m.mu.Unlock()
	return s
}
