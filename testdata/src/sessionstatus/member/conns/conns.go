// Package conns keeps the state of each session a server handed out.
package conns

import "sync"

type State struct {
	Ready bool
	Owner string
}

type Table struct {
	mu sync.RWMutex
	m  map[string]*State
}

// IsReady is true only for an id the table holds, once it is ready.
func (t *Table) IsReady(id string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	st, ok := t.m[id]
	return ok && st.Ready
}

// Holds is true only for an id the table holds.
func (t *Table) Holds(id string) bool {
	if id == "" {
		return false
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	_, ok := t.m[id]
	return ok
}

// OwnedBy compares the owner: false is another user's session too.
func (t *Table) OwnedBy(id, user string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	st, ok := t.m[id]
	return ok && st.Owner == user
}
