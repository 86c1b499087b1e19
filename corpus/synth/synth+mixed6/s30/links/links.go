// Package links maps gateway session ids to upstream session ids.
package links

import (
	"errors"
	"sync"
)

var ErrNotFound = errors.New("links: session not found")

type Link struct {
	ClientID   string
	UpstreamID string
}

type Table struct {
	mu sync.Mutex
	m  map[string]*Link
}

func NewTable() *Table { return &Table{m: map[string]*Link{}} }

func (t *Table) Get(id string) (*Link, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.m[id]
	if !ok {
		return nil, ErrNotFound
	}
	return l, nil
}

func (t *Table) Put(l *Link) {
	t.mu.Lock()
	t.m[l.ClientID] = l
	t.mu.Unlock()
}

func (t *Table) Delete(id string) (*Link, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.m[id]
	if !ok {
		return nil, ErrNotFound
	}
	delete(t.m, id)
	return l, nil
}
