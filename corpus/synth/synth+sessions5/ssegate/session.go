package main

import (
	"crypto/rand"
	"encoding/base64"
	"sync"
	"time"
)

type event struct {
	id   int
	data []byte
}

type sseSession struct {
	id       string
	mu       sync.Mutex
	log      []event
	closed   bool
	closedAt time.Time
	wake     chan struct{}
}

func (s *sseSession) append(data []byte) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := len(s.log) + 1
	s.log = append(s.log, event{id: id, data: data})
	select {
	case s.wake <- struct{}{}:
	default:
	}
	return id
}

func (s *sseSession) since(last int) []event {
	s.mu.Lock()
	defer s.mu.Unlock()
	if last >= len(s.log) {
		return nil
	}
	return append([]event(nil), s.log[last:]...)
}

func mintID() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

type gateway struct {
	mu        sync.Mutex
	sessions  map[string]*sseSession
	retention time.Duration
}

func (g *gateway) get(id string) (*sseSession, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s, ok := g.sessions[id]
	return s, ok
}

// reap forgets closed sessions once their event log is no longer needed
// for resumption.
func (g *gateway) reap() {
	for range time.Tick(time.Minute) {
		g.mu.Lock()
		for id, s := range g.sessions {
			if s.closed && time.Since(s.closedAt) > g.retention {
				delete(g.sessions, id)
			}
		}
		g.mu.Unlock()
	}
}
