package chistatus

import (
	"context"
	"errors"
	"time"
)

// ErrUnknown is returned by Store.Lookup for ids it has never issued or
// has already expired.
var ErrUnknown = errors.New("chistatus: unknown session")

type Session struct {
	ID        string
	Protocol  string
	CreatedAt time.Time
}

type Store interface {
	Create(ctx context.Context, protocol string) (*Session, error)
	Lookup(ctx context.Context, id string) (*Session, error)
	Remove(ctx context.Context, id string) error
}
