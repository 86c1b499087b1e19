// Package store is a small TTL cache for MCP sessions.
package store

import (
	"errors"
	"sync"
	"time"
)

var (
	ErrNoSession = errors.New("no such session")
	ErrExpired   = errors.New("session expired")
)

type Session struct {
	ID      string
	Expires time.Time
}

type TTLCache struct {
	mu  sync.Mutex
	ttl time.Duration
	m   map[string]*Session
}

func NewTTLCache(ttl time.Duration) *TTLCache {
	return &TTLCache{ttl: ttl, m: make(map[string]*Session)}
}

func (c *TTLCache) Put(id string) *Session {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := &Session{ID: id, Expires: time.Now().Add(c.ttl)}
	c.m[id] = s
	return s
}

func (c *TTLCache) Get(id string) (*Session, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.m[id]
	if !ok {
		return nil, ErrNoSession
	}
	if time.Now().After(s.Expires) {
		delete(c.m, id)
		return nil, ErrExpired
	}
	s.Expires = time.Now().Add(c.ttl)
	return s, nil
}

func (c *TTLCache) Delete(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.m[id]
	delete(c.m, id)
	return ok
}
