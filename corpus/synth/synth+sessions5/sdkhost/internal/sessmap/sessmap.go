// Package sessmap is a small concurrency-safe map keyed by session id.
package sessmap

import "sync"

type Map[T any] struct {
	mu sync.RWMutex
	m  map[string]T
}

func New[T any]() *Map[T] {
	return &Map[T]{m: make(map[string]T)}
}

func (s *Map[T]) Get(id string) (T, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[id]
	return v, ok
}

func (s *Map[T]) Put(id string, v T) {
	s.mu.Lock()
	s.m[id] = v
	s.mu.Unlock()
}

// Delete removes id and returns the value it held, if any.
func (s *Map[T]) Delete(id string) (T, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[id]
	delete(s.m, id)
	return v, ok
}

func (s *Map[T]) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.m)
}
