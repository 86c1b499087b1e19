package s08

import (
	"container/list"
	"sync"
	"time"
)

type entry struct {
	key     string
	value   *Session
	expires time.Time
}

// lruCache is a fixed-size LRU with a per-entry TTL.
type lruCache struct {
	mu    sync.Mutex
	max   int
	ttl   time.Duration
	order *list.List
	items map[string]*list.Element
}

func newLRU(max int, ttl time.Duration) *lruCache {
	return &lruCache{max: max, ttl: ttl, order: list.New(), items: make(map[string]*list.Element)}
}

func (c *lruCache) Put(key string, v *Session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		el.Value.(*entry).value = v
		el.Value.(*entry).expires = time.Now().Add(c.ttl)
		return
	}
	c.items[key] = c.order.PushFront(&entry{key: key, value: v, expires: time.Now().Add(c.ttl)})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

// Get returns the session and whether it was found; expired reports a hit
// whose TTL had run out (the entry is dropped).
func (c *lruCache) Get(key string) (v *Session, found, expired bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false, false
	}
	e := el.Value.(*entry)
	if time.Now().After(e.expires) {
		c.order.Remove(el)
		delete(c.items, key)
		return nil, false, true
	}
	e.expires = time.Now().Add(c.ttl)
	c.order.MoveToFront(el)
	return e.value, true, false
}

func (c *lruCache) Remove(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if ok {
		c.order.Remove(el)
		delete(c.items, key)
	}
	return ok
}
