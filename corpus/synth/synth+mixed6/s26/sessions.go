package s26

import (
	"sync"
	"time"
)

type Session struct {
	ID       string
	Seen     time.Time
	Progress map[string]float64
}

type SessionMap struct {
	mu       sync.Mutex
	ttl      time.Duration
	sessions map[string]*Session
}

func NewSessionMap(ttl time.Duration) *SessionMap {
	m := &SessionMap{ttl: ttl, sessions: map[string]*Session{}}
	go m.reap()
	return m
}

func (m *SessionMap) reap() {
	for range time.Tick(time.Minute) {
		m.mu.Lock()
		for id, s := range m.sessions {
			if time.Since(s.Seen) > m.ttl {
				delete(m.sessions, id)
			}
		}
		m.mu.Unlock()
	}
}

func (m *SessionMap) Add(s *Session) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s.Seen = time.Now()
	m.sessions[s.ID] = s
}

// Touch returns the session for id, refreshing its idle timer.
func (m *SessionMap) Touch(id string) *Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		s = &Session{ID: id, Progress: map[string]float64{}}
		m.sessions[id] = s
	}
	s.Seen = time.Now()
	return s
}

func (m *SessionMap) Remove(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.sessions[id]
	delete(m.sessions, id)
	return ok
}
