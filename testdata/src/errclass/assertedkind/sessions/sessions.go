// Package sessions stands for a session layer whose errors carry a code
// saying which condition failed.
package sessions

import "context"

// Code names a condition.
type Code int

// The conditions an Error names.
const (
	Malformed Code = iota + 1
	Gone
)

// Error is the layer's error for one condition.
type Error struct {
	Code Code
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Store checks session ids against a backend.
type Store interface {
	Check(ctx context.Context, id string) error
}
