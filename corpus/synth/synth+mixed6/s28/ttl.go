package s28

import (
	"errors"
	"sync"
	"time"
)

var (
	errUnknown = errors.New("unknown session")
	errExpired = errors.New("session expired")
)

type ttlCache struct {
	mu      sync.Mutex
	ttl     time.Duration
	entries map[string]*Session
}

func newTTLCache(ttl time.Duration) *ttlCache {
	return &ttlCache{ttl: ttl, entries: make(map[string]*Session)}
}

func (c *ttlCache) Set(s *Session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s.expires = time.Now().Add(c.ttl)
	c.entries[s.ID] = s
}

func (c *ttlCache) Get(id string) (*Session, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.entries[id]
	if !ok {
		return nil, errUnknown
	}
	if time.Now().After(s.expires) {
		delete(c.entries, id)
		return nil, errExpired
	}
	s.expires = time.Now().Add(c.ttl)
	return s, nil
}

func (c *ttlCache) Delete(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[id]; !ok {
		return errUnknown
	}
	delete(c.entries, id)
	return nil
}
