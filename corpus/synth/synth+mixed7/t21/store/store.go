package store

import "sync"

type State struct {
	ID        string
	Resources []string
}

type Store struct {
	mu     sync.Mutex
	states map[string]*State
}

func New() *Store { return &Store{states: map[string]*State{}} }

func (s *Store) Put(st *State) {
	s.mu.Lock()
	s.states[st.ID] = st
	s.mu.Unlock()
}

func (s *Store) Get(id string) *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.states[id]
}
