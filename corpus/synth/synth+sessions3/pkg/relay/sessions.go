package relay

import (
	"errors"
	"sync"
	"time"
)

var (
	ErrSessionNotFound = errors.New("relay: session not found")
	ErrBackendDown     = errors.New("relay: session backend unavailable")
)

// Manager tracks which upstream owns each session.
type Manager interface {
	Touch(id string) error
	Upstream(id string) string
	Forget(id string)
}

type localManager struct {
	mu       sync.Mutex
	upstream map[string]string
	seen     map[string]time.Time
	idle     time.Duration
}

func NewLocalManager(idle time.Duration) Manager {
	return &localManager{upstream: map[string]string{}, seen: map[string]time.Time{}, idle: idle}
}

func (m *localManager) Touch(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	last, ok := m.seen[id]
	if !ok {
		return ErrSessionNotFound
	}
	if time.Since(last) > m.idle {
		delete(m.seen, id)
		delete(m.upstream, id)
		return ErrSessionNotFound
	}
	m.seen[id] = time.Now()
	return nil
}

func (m *localManager) Upstream(id string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.upstream[id]
}

func (m *localManager) Forget(id string) {
	m.mu.Lock()
	delete(m.upstream, id)
	delete(m.seen, id)
	m.mu.Unlock()
}
