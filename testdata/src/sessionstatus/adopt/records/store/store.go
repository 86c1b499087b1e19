// Package store keeps session records in memory.
package store

import "sync"

// Record is one session.
type Record struct {
	ID      string
	Version string
}

// Memory is a store of records by id.
type Memory struct {
	mu sync.Mutex
	m  map[string]*Record
}

// Load returns the record kept under id, and whether there is one.
func (s *Memory) Load(id string) (*Record, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.m[id]
	return r, ok
}

// Save keeps r under its id.
func (s *Memory) Save(r *Record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[r.ID] = r
}
