// Package kvsession keeps MCP session state in a pluggable key/value backend.
package kvsession

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"sync"
	"time"
)

var ErrMissing = errors.New("kv: key missing")

type KV interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
	Del(ctx context.Context, key string) error
}

type memKV struct {
	mu sync.Mutex
	m  map[string][]byte
}

func NewMemKV() KV { return &memKV{m: map[string][]byte{}} }

func (k *memKV) Get(_ context.Context, key string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[key]
	if !ok {
		return nil, ErrMissing
	}
	return v, nil
}

func (k *memKV) Set(_ context.Context, key string, val []byte, _ time.Duration) error {
	k.mu.Lock()
	k.m[key] = val
	k.mu.Unlock()
	return nil
}

func (k *memKV) Del(_ context.Context, key string) error {
	k.mu.Lock()
	delete(k.m, key)
	k.mu.Unlock()
	return nil
}

type Manager struct {
	kv  KV
	ttl time.Duration
}

func NewManager(kv KV, ttl time.Duration) *Manager { return &Manager{kv: kv, ttl: ttl} }

func mint() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Acquire returns the state for id, creating it when it does not exist yet
// so that clients reconnecting after a deploy keep working.
func (m *Manager) Acquire(ctx context.Context, id string) (string, []byte, error) {
	if id == "" {
		id = mint()
	}
	state, err := m.kv.Get(ctx, "sess/"+id)
	if errors.Is(err, ErrMissing) {
		state = []byte(`{}`)
		if err := m.kv.Set(ctx, "sess/"+id, state, m.ttl); err != nil {
			return "", nil, err
		}
		return id, state, nil
	}
	if err != nil {
		return "", nil, err
	}
	return id, state, nil
}

func (m *Manager) Release(ctx context.Context, id string) error {
	return m.kv.Del(ctx, "sess/"+id)
}
