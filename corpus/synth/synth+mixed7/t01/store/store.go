// Package store keeps live MCP sessions in memory.
package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"
)

var ErrNotFound = errors.New("session not found")

type Session struct {
	ID              string
	ProtocolVersion string
	Created         time.Time
}

type Store struct {
	mu       sync.Mutex
	sessions map[string]*Session
}

func New() *Store { return &Store{sessions: make(map[string]*Session)} }

func (s *Store) Create(version string) (*Session, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	sess := &Session{ID: hex.EncodeToString(b), ProtocolVersion: version, Created: time.Now()}
	s.mu.Lock()
	s.sessions[sess.ID] = sess
	s.mu.Unlock()
	return sess, nil
}

func (s *Store) Get(id string) (*Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[id]
	if !ok {
		return nil, ErrNotFound
	}
	return sess, nil
}

func (s *Store) Delete(id string) {
	s.mu.Lock()
	delete(s.sessions, id)
	s.mu.Unlock()
}
