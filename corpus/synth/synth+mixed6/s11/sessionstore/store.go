// Package sessionstore keeps MCP client sessions in memory.
package sessionstore

import (
	"sync"
	"time"
)

type Session struct {
	ID              string
	ProtocolVersion string
	LastActive      time.Time
}

type Store struct {
	mu   sync.RWMutex
	byID map[string]*Session
}

func New() *Store {
	return &Store{byID: make(map[string]*Session)}
}

func (s *Store) Load(id string) (*Session, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sess, ok := s.byID[id]
	return sess, ok
}

func (s *Store) Save(sess *Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess.LastActive = time.Now()
	s.byID[sess.ID] = sess
}

func (s *Store) Delete(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.byID[id]
	delete(s.byID, id)
	return ok
}
