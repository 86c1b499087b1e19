// Package sessions: a session manager whose lookups, for an empty id,
// make a session (Attach) or refuse unless told the request is an
// initialize (Open).
package sessions

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
)

// ErrUnknown is returned for an id the manager does not hold; ErrNoID for
// no id on a request that is not an initialize.
var (
	ErrUnknown = errors.New("session not found")
	ErrNoID    = errors.New("Mcp-Session-Id required")
)

type Session struct{ ID string }

type Manager struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Attach returns the session of id; with no id it makes one, unless
// strict is set.
func (m *Manager) Attach(id string, strict bool) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id != "" {
		s, ok := m.byID[id]
		if !ok {
			return nil, ErrUnknown
		}
		return s, nil
	}
	if strict {
		return nil, ErrNoID
	}
	s := &Session{ID: newID()}
	m.byID[s.ID] = s
	return s, nil
}

// Open returns the session of id; with no id it makes one only for an
// initialize.
func (m *Manager) Open(id string, initialize bool) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id == "" {
		if !initialize {
			return nil, ErrNoID
		}
		s := &Session{ID: newID()}
		m.byID[s.ID] = s
		return s, nil
	}
	s, ok := m.byID[id]
	if !ok {
		return nil, ErrUnknown
	}
	return s, nil
}
