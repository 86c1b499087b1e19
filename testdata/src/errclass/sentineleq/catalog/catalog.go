// Package catalog is a store of named records whose methods report a
// condition of the caller's request with a sentinel and fail otherwise
// on the store's side.
package catalog

import (
	"context"
	"errors"
)

// ErrProtected: the caller asked to remove a record that cannot be.
var ErrProtected = errors.New("record is protected")

// ErrNotMember: the caller named an entry its group does not hold.
var ErrNotMember = errors.New("not a member of the group")

// ErrBackendDown: the store itself cannot answer.
var ErrBackendDown = errors.New("store backend down")

// Store is backed by a database; every method can fail on its side.
type Store interface {
	Remove(ctx context.Context, name string) error
	Toggle(ctx context.Context, group, entry string, on bool) error
}
