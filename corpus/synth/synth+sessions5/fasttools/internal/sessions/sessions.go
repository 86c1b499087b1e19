// Package sessions tracks fasttools client sessions.
package sessions

import (
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
)

var (
	ErrMissing = errors.New("missing Mcp-Session-Id")
	ErrUnknown = errors.New("unknown session")
	ErrExpired = errors.New("session expired")
)

type Session struct {
	ID       string
	LastUsed time.Time
}

type Table struct {
	idle time.Duration
	mu   sync.Mutex
	m    map[string]*Session
}

func NewTable(idle time.Duration) *Table {
	return &Table{idle: idle, m: make(map[string]*Session)}
}

func (t *Table) Open() *Session {
	s := &Session{ID: uuid.NewString(), LastUsed: time.Now()}
	t.mu.Lock()
	t.m[s.ID] = s
	t.mu.Unlock()
	return s
}

func (t *Table) Close(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.m[id]
	delete(t.m, id)
	return ok
}

// Validate checks the id sent by a client and refreshes its idle timer.
func (t *Table) Validate(id string) error {
	if id == "" {
		return ErrMissing
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := t.m[id]
	if !ok {
		return ErrUnknown
	}
	if time.Since(s.LastUsed) > t.idle {
		delete(t.m, id)
		return ErrExpired
	}
	s.LastUsed = time.Now()
	return nil
}
