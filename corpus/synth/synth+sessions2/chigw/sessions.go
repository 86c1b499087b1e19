package chigw

import (
	"context"
	"errors"
	"sync"
	"time"
)

var ErrNotFound = errors.New("session not found")

type Session struct {
	ID      string
	Owner   string
	Started time.Time
}

type Store interface {
	Load(ctx context.Context, id string) (*Session, error)
	Save(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

type memStore struct {
	mu sync.RWMutex
	m  map[string]*Session
}

func NewMemStore() Store { return &memStore{m: map[string]*Session{}} }

func (s *memStore) Load(_ context.Context, id string) (*Session, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if sess, ok := s.m[id]; ok {
		return sess, nil
	}
	return nil, ErrNotFound
}

func (s *memStore) Save(_ context.Context, sess *Session) error {
	s.mu.Lock()
	s.m[sess.ID] = sess
	s.mu.Unlock()
	return nil
}

func (s *memStore) Delete(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[id]; !ok {
		return ErrNotFound
	}
	delete(s.m, id)
	return nil
}
