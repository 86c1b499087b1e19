// Package session keeps sessions by id; its sentinels need not say
// "session": the package's name does.
package session

import (
	"errors"
	"sync"
	"time"
)

var (
	ErrExpired = errors.New("expired")
	ErrUnknown = errors.New("unknown id")
)

type Manager struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

// Touch renews a session: ErrUnknown for an id never registered,
// ErrExpired for one that idled out.
func (m *Manager) Touch(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.seen[id]
	if !ok {
		return ErrUnknown
	}
	if time.Since(t) > time.Hour {
		return ErrExpired
	}
	m.seen[id] = time.Now()
	return nil
}
