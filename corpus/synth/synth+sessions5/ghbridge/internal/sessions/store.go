// Package sessions keeps the MCP sessions of the bridge in memory.
package sessions

import (
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
)

var (
	// ErrNotFound is returned for ids the store never issued or already dropped.
	ErrNotFound = errors.New("sessions: not found")
	// ErrExpired is returned for sessions idle longer than the TTL. The
	// record is dropped by the lookup that notices it.
	ErrExpired = errors.New("sessions: expired")
)

type Session struct {
	ID              string
	ProtocolVersion string
	ClientName      string
	CreatedAt       time.Time
	LastSeen        time.Time
}

type Store struct {
	ttl  time.Duration
	mu   sync.RWMutex
	data map[string]*Session
}

func NewStore(ttl time.Duration) *Store {
	return &Store{ttl: ttl, data: make(map[string]*Session)}
}

func (s *Store) Create(protocolVersion, clientName string) *Session {
	now := time.Now()
	sess := &Session{
		ID:              uuid.NewString(),
		ProtocolVersion: protocolVersion,
		ClientName:      clientName,
		CreatedAt:       now,
		LastSeen:        now,
	}
	s.mu.Lock()
	s.data[sess.ID] = sess
	s.mu.Unlock()
	return sess
}

func (s *Store) Get(id string) (*Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.data[id]
	if !ok {
		return nil, ErrNotFound
	}
	if s.ttl > 0 && time.Since(sess.LastSeen) > s.ttl {
		delete(s.data, id)
		return nil, ErrExpired
	}
	sess.LastSeen = time.Now()
	return sess, nil
}

func (s *Store) Delete(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.data[id]; !ok {
		return ErrNotFound
	}
	delete(s.data, id)
	return nil
}
