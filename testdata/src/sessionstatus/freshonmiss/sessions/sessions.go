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

// Handler is what a pooled session serves with.
type Handler struct{ Calls int }

type entry struct {
	h    *Handler
	seen int
}

// Pool keys handlers by session id.
type Pool struct {
	mu      sync.Mutex
	entries map[string]*entry
}

// Resolve returns the handler under id, and id; when id is empty or not
// held, a new handler under a new key, and that key.
func (p *Pool) Resolve(id string) (*Handler, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if id != "" {
		if e, ok := p.entries[id]; ok {
			e.seen++
			return e.h, id
		}
	}
	h := &Handler{}
	key := rand.Text()
	p.entries[key] = &entry{h: h}
	return h, key // a fresh handler under a fresh key
}

// Keep returns the handler under id, registering a new one under id itself
// when it is not held: the caller's id adopted, not replaced.
func (p *Pool) Keep(id string) (*Handler, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if id != "" {
		if e, ok := p.entries[id]; ok {
			return e.h, id
		}
	}
	h := &Handler{}
	p.entries[id] = &entry{h: h}
	return h, id
}
