package main

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

type session struct {
	id          string
	created     time.Time
	protocol    string
	initialized bool
	events      chan []byte
}

type sessionTable struct {
	mu   sync.Mutex
	byID map[string]*session
}

func newSessionTable() *sessionTable {
	return &sessionTable{byID: make(map[string]*session)}
}

func newSessionID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

func (t *sessionTable) add() *session {
	s := &session{id: newSessionID(), created: time.Now(), events: make(chan []byte, 16)}
	t.mu.Lock()
	t.byID[s.id] = s
	t.mu.Unlock()
	return s
}

func (t *sessionTable) get(id string) *session {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byID[id]
}

func (t *sessionTable) remove(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := t.byID[id]
	if ok {
		close(s.events)
		delete(t.byID, id)
	}
	return ok
}
