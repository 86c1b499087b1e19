// Package lru is a bounded, TTL-aware session table. When it is full the
// least recently used session is evicted only if it has been idle longer
// than MinIdle; otherwise Put refuses.
package lru

import (
	"container/list"
	"errors"
	"sync"
	"time"
)

var (
	ErrNotFound = errors.New("lru: not found")
	ErrFull     = errors.New("lru: table full")
	ErrClosed   = errors.New("lru: closed")
)

type entry[V any] struct {
	key  string
	val  V
	seen time.Time
}

type Table[V any] struct {
	mu      sync.Mutex
	cap     int
	ttl     time.Duration
	minIdle time.Duration
	order   *list.List
	items   map[string]*list.Element
	closed  bool
}

func New[V any](capacity int, ttl, minIdle time.Duration) *Table[V] {
	return &Table[V]{cap: capacity, ttl: ttl, minIdle: minIdle, order: list.New(), items: map[string]*list.Element{}}
}

func (t *Table[V]) Get(key string) (V, error) {
	var zero V
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return zero, ErrClosed
	}
	el, ok := t.items[key]
	if !ok {
		return zero, ErrNotFound
	}
	e := el.Value.(*entry[V])
	if time.Since(e.seen) > t.ttl {
		t.order.Remove(el)
		delete(t.items, key)
		return zero, ErrNotFound
	}
	e.seen = time.Now()
	t.order.MoveToFront(el)
	return e.val, nil
}

func (t *Table[V]) Put(key string, v V) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return ErrClosed
	}
	if len(t.items) >= t.cap {
		back := t.order.Back()
		if back == nil || time.Since(back.Value.(*entry[V]).seen) < t.minIdle {
			return ErrFull
		}
		t.order.Remove(back)
		delete(t.items, back.Value.(*entry[V]).key)
	}
	t.items[key] = t.order.PushFront(&entry[V]{key: key, val: v, seen: time.Now()})
	return nil
}

func (t *Table[V]) Delete(key string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	el, ok := t.items[key]
	if ok {
		t.order.Remove(el)
		delete(t.items, key)
	}
	return ok
}

// Close makes every later call fail with ErrClosed; used on shutdown.
func (t *Table[V]) Close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
}
