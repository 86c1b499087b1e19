// Package sessiontable keeps per-session state for the agent runtime's MCP
// endpoint.
package sessiontable

import (
	"crypto/rand"
	"encoding/base64"
	"sync"
	"time"
)

type Entry struct {
	ID      string
	Created time.Time
	mu      sync.Mutex
	pending map[string]chan []byte
}

type Table struct {
	mu      sync.Mutex
	entries map[string]*Entry
}

func NewTable() *Table { return &Table{entries: make(map[string]*Entry)} }

func mint() string {
	var b [18]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Acquire returns the entry for id. When the request is an initialize, a new
// entry is created under a freshly minted id (whatever the client sent) and
// created is true. Otherwise an unknown id yields nil.
func (t *Table) Acquire(id string, initialize bool) (e *Entry, created bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !initialize {
		return t.entries[id], false
	}
	e = &Entry{ID: mint(), Created: time.Now(), pending: map[string]chan []byte{}}
	t.entries[e.ID] = e
	return e, true
}

func (t *Table) Release(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.entries[id]; !ok {
		return false
	}
	delete(t.entries, id)
	return true
}
