// Package store is the gateway's bounded in-memory session table.
package store

import (
	"crypto/rand"
	"errors"
	"sync"
	"time"
)

var (
	ErrNotFound = errors.New("store: session not found")
	// ErrEvicted means the session existed but was pushed out to make
	// room for newer ones.
	ErrEvicted = errors.New("store: session evicted")
)

type Session struct {
	ID       string
	Created  time.Time
	Protocol string
	Client   string
}

type Store struct {
	mu      sync.Mutex
	max     int
	live    map[string]Session
	order   []string
	evicted map[string]time.Time
}

func New(max int) *Store {
	return &Store{max: max, live: map[string]Session{}, evicted: map[string]time.Time{}}
}

func (s *Store) Create() Session {
	sess := Session{ID: rand.Text(), Created: time.Now()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.order) >= s.max {
		oldest := s.order[0]
		s.order = s.order[1:]
		delete(s.live, oldest)
		s.evicted[oldest] = time.Now()
	}
	s.live[sess.ID] = sess
	s.order = append(s.order, sess.ID)
	return sess
}

func (s *Store) Update(sess Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.live[sess.ID]; ok {
		s.live[sess.ID] = sess
	}
}

func (s *Store) Get(id string) (Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sess, ok := s.live[id]; ok {
		return sess, nil
	}
	if _, ok := s.evicted[id]; ok {
		return Session{}, ErrEvicted
	}
	return Session{}, ErrNotFound
}

func (s *Store) Delete(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.live[id]; !ok {
		return false
	}
	delete(s.live, id)
	for i, v := range s.order {
		if v == id {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	return true
}
