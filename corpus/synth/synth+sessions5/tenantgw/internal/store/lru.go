// Package store keeps tenant sessions in a bounded LRU. The least recently
// used session is evicted when the table is full.
package store

import (
	"container/list"
	"context"
	"errors"
	"sync"
	"time"
)

var (
	ErrNotFound = errors.New("session not found")
	ErrExpired  = errors.New("session expired")
)

type Session struct {
	ID        string
	Tenant    string
	Protocol  string
	ExpiresAt time.Time
}

// Store is what the transport needs; LRU is the only implementation today.
type Store interface {
	Get(ctx context.Context, id string) (*Session, error)
	Put(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

type LRU struct {
	mu    sync.Mutex
	cap   int
	order *list.List
	items map[string]*list.Element
}

func NewLRU(capacity int) *LRU {
	return &LRU{cap: capacity, order: list.New(), items: make(map[string]*list.Element)}
}

func (l *LRU) Get(_ context.Context, id string) (*Session, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.items[id]
	if !ok {
		return nil, ErrNotFound
	}
	s := el.Value.(*Session)
	if !s.ExpiresAt.IsZero() && time.Now().After(s.ExpiresAt) {
		l.order.Remove(el)
		delete(l.items, id)
		return nil, ErrExpired
	}
	l.order.MoveToFront(el)
	return s, nil
}

func (l *LRU) Put(_ context.Context, s *Session) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if el, ok := l.items[s.ID]; ok {
		el.Value = s
		l.order.MoveToFront(el)
		return nil
	}
	l.items[s.ID] = l.order.PushFront(s)
	for l.order.Len() > l.cap {
		last := l.order.Back()
		l.order.Remove(last)
		delete(l.items, last.Value.(*Session).ID)
	}
	return nil
}

func (l *LRU) Delete(_ context.Context, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.items[id]
	if !ok {
		return ErrNotFound
	}
	l.order.Remove(el)
	delete(l.items, id)
	return nil
}
