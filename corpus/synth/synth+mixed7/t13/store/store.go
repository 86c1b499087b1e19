package store

import (
	"sync"

	"github.com/google/uuid"
)

type Session struct {
	ID      string
	Version string
}

type Store interface {
	Load(id string) (*Session, bool)
	Save(s *Session)
	Drop(id string)
}

func NewID() string { return uuid.NewString() }

type mapStore struct {
	mu sync.RWMutex
	m  map[string]*Session
}

func NewMap() Store { return &mapStore{m: map[string]*Session{}} }

func (s *mapStore) Load(id string) (*Session, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[id]
	return v, ok
}

func (s *mapStore) Save(sess *Session) {
	s.mu.Lock()
	s.m[sess.ID] = sess
	s.mu.Unlock()
}

func (s *mapStore) Drop(id string) {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
}
