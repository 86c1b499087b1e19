package store

import (
	"sync"
	"time"

	"github.com/google/uuid"
)

type Session struct {
	ID       string
	Version  string
	LastSeen time.Time
}

type Memory struct {
	mu sync.Mutex
	m  map[string]*Session
}

func NewMemory() *Memory { return &Memory{m: make(map[string]*Session)} }

func (s *Memory) New() *Session {
	sess := &Session{ID: uuid.NewString(), LastSeen: time.Now()}
	s.mu.Lock()
	s.m[sess.ID] = sess
	s.mu.Unlock()
	return sess
}

func (s *Memory) Load(id string) (*Session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.m[id]
	if ok {
		sess.LastSeen = time.Now()
	}
	return sess, ok
}

func (s *Memory) Remove(id string) {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
}
