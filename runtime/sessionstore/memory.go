package sessionstore

import (
	"context"
	"errors"
	"sync"
	"time"
)

// DefaultMaxEntries bounds a [Memory] created with a non-positive limit.
const DefaultMaxEntries = 1 << 16

// ErrFull is returned by Memory.Put when the store holds its limit of live
// records.
var ErrFull = errors.New("sessionstore: memory store is full")

// Memory is a [Store] in the process's memory, bounded by a number of
// records. It keeps the encoded form, as a remote store would, so a stored
// record shares nothing with the caller's. Expired records are dropped when
// read and swept when the map has grown.
type Memory struct {
	mu      sync.Mutex
	max     int
	entries map[string]memEntry
	sweepAt int
	now     func() time.Time // time.Now; a test's clock in tests
}

type memEntry struct {
	data    []byte
	expires time.Time
}

// NewMemory returns an empty store holding at most maxEntries live records
// (≤ 0 → [DefaultMaxEntries]).
func NewMemory(maxEntries int) *Memory {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	return &Memory{max: maxEntries, entries: make(map[string]memEntry), sweepAt: 64, now: time.Now}
}

// Put implements [Store].
func (m *Memory) Put(_ context.Context, id string, rec Record, ttl time.Duration) error {
	data, err := Encode(rec)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if len(m.entries) >= m.sweepAt {
		m.sweepLocked(now)
	}
	if _, ok := m.entries[id]; !ok && len(m.entries) >= m.max {
		return ErrFull
	}
	m.entries[id] = memEntry{data: data, expires: now.Add(ttl)}
	return nil
}

// sweepLocked drops expired records; the next sweep waits until the map
// has doubled, so sweeping costs O(1) per Put amortised.
func (m *Memory) sweepLocked(now time.Time) {
	for id, e := range m.entries {
		if !now.Before(e.expires) {
			delete(m.entries, id)
		}
	}
	m.sweepAt = max(64, 2*len(m.entries))
}

// Get implements [Store].
func (m *Memory) Get(_ context.Context, id string) (Record, bool, error) {
	m.mu.Lock()
	e, ok := m.entries[id]
	if ok && !m.now().Before(e.expires) {
		delete(m.entries, id)
		ok = false
	}
	m.mu.Unlock()
	if !ok {
		return Record{}, false, nil
	}
	rec, err := Decode(e.data)
	if err != nil {
		return Record{}, false, err
	}
	return rec, true, nil
}

// Refresh implements [Store].
func (m *Memory) Refresh(_ context.Context, id string, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	e, ok := m.entries[id]
	if !ok || !now.Before(e.expires) {
		delete(m.entries, id)
		return false, nil
	}
	e.expires = now.Add(ttl)
	m.entries[id] = e
	return true, nil
}

// Delete implements [Store].
func (m *Memory) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.entries, id)
	return nil
}

// Len returns the number of records held, expired ones not yet dropped
// included.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}
