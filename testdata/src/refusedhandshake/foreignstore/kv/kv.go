// Package kv is a session store whose entries live outside the process
// that uses it (a key-value service), reached through a client it holds.
package kv

import (
	"context"
	"errors"
)

// Record is a session as the store keeps it.
type Record struct {
	ID       string
	Upstream string
}

// Client is the connection to the key-value service.
type Client interface {
	Put(ctx context.Context, key string, val []byte) error
	Fetch(ctx context.Context, key string) ([]byte, error)
	Drop(ctx context.Context, key string) error
}

// Store keeps records under "session:" + their id.
type Store struct {
	c Client
}

// New returns a Store on c.
func New(c Client) *Store { return &Store{c: c} }

// ErrMissing is returned for an id the store does not hold.
var ErrMissing = errors.New("kv: no such session")

// Load returns the record kept under id.
func (s *Store) Load(ctx context.Context, id string) (*Record, error) {
	b, err := s.c.Fetch(ctx, "session:"+id)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, ErrMissing
	}
	return &Record{ID: id, Upstream: string(b)}, nil
}

// Save keeps rec under its id.
func (s *Store) Save(ctx context.Context, rec *Record) error {
	return s.c.Put(ctx, "session:"+rec.ID, []byte(rec.Upstream))
}

// Remove drops the record kept under id.
func (s *Store) Remove(ctx context.Context, id string) error {
	return s.c.Drop(ctx, "session:"+id)
}
