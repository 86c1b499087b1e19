// Package store validates and tracks MCP session ids.
package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
)

var (
	ErrMissing = errors.New("session id missing")
	ErrUnknown = errors.New("session id unknown")
)

type Registry struct {
	mu  sync.RWMutex
	ids map[string]struct{}
}

func NewRegistry() *Registry { return &Registry{ids: map[string]struct{}{}} }

func (r *Registry) Issue() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	id := hex.EncodeToString(b)
	r.mu.Lock()
	r.ids[id] = struct{}{}
	r.mu.Unlock()
	return id, nil
}

func (r *Registry) Validate(id string) error {
	if id == "" {
		return ErrMissing
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if _, ok := r.ids[id]; !ok {
		return ErrUnknown
	}
	return nil
}

func (r *Registry) Revoke(id string) {
	r.mu.Lock()
	delete(r.ids, id)
	r.mu.Unlock()
}
