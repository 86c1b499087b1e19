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
// record shares nothing with the caller's; Claim and the conditional writes
// run under its lock. Expired records are dropped when read and swept when
// the map has grown.
type Memory struct {
	mu      sync.Mutex
	max     int
	entries map[string]memEntry
	sweepAt int
	now     func() time.Time // time.Now; a test's clock in tests
}

type memEntry struct {
	data      []byte
	principal string
	node      string
	epoch     uint64
	expires   time.Time
}

// NewMemory returns an empty store holding at most maxEntries live records
// (≤ 0 → [DefaultMaxEntries]).
func NewMemory(maxEntries int) *Memory {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	return &Memory{max: maxEntries, entries: make(map[string]memEntry), sweepAt: 64, now: time.Now}
}

// liveLocked returns the unexpired entry under id, dropping an expired one.
func (m *Memory) liveLocked(id string, now time.Time) (memEntry, bool) {
	e, ok := m.entries[id]
	if ok && !now.Before(e.expires) {
		delete(m.entries, id)
		return memEntry{}, false
	}
	return e, ok
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
	cur, ok := m.liveLocked(id, now)
	if ok && cur.epoch != rec.Epoch {
		return ErrNotHolder
	}
	if !ok && len(m.entries) >= m.max {
		return ErrFull
	}
	m.entries[id] = memEntry{data: data, principal: rec.Principal, node: rec.Node, epoch: rec.Epoch, expires: now.Add(ttl)}
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

// decode turns an entry into its record.
func (e memEntry) decode() (Record, error) {
	rec, err := Decode(e.data)
	if err != nil {
		return Record{}, err
	}
	rec.Principal, rec.Node, rec.Epoch = e.principal, e.node, e.epoch
	return rec, nil
}

// Get implements [Store].
func (m *Memory) Get(_ context.Context, id string) (Record, bool, error) {
	m.mu.Lock()
	e, ok := m.liveLocked(id, m.now())
	m.mu.Unlock()
	if !ok {
		return Record{}, false, nil
	}
	rec, err := e.decode()
	if err != nil {
		return Record{}, false, err
	}
	return rec, true, nil
}

// Claim implements [Store].
func (m *Memory) Claim(_ context.Context, id, node, principal string, ttl time.Duration) (Record, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	e, ok := m.liveLocked(id, now)
	if !ok {
		return Record{}, false, nil
	}
	if e.principal != principal {
		return Record{}, false, ErrForbidden
	}
	rec, err := e.decode()
	if err != nil {
		return Record{}, false, err
	}
	e.epoch++
	e.node = node
	e.expires = now.Add(ttl)
	m.entries[id] = e
	rec.Node, rec.Epoch = e.node, e.epoch
	return rec, true, nil
}

// Refresh implements [Store].
func (m *Memory) Refresh(_ context.Context, id string, epoch uint64, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	e, ok := m.liveLocked(id, now)
	switch {
	case !ok:
		return false, nil
	case e.epoch != epoch:
		return false, ErrNotHolder
	}
	e.expires = now.Add(ttl)
	m.entries[id] = e
	return true, nil
}

// Delete implements [Store].
func (m *Memory) Delete(_ context.Context, id string, epoch uint64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.liveLocked(id, m.now())
	switch {
	case !ok:
		return nil
	case e.epoch != epoch:
		return ErrNotHolder
	}
	delete(m.entries, id)
	return nil
}

// PutRaw stores data as the body of the record under id, as whatever else
// shares a store might write it: for tests of what a node does with a
// record it cannot read.
func (m *Memory) PutRaw(id string, data []byte, principal string, epoch uint64, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries[id] = memEntry{data: data, principal: principal, epoch: epoch, expires: m.now().Add(ttl)}
}

// Len returns the number of records held, expired ones not yet dropped
// included.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}
