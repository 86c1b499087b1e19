// Package validate holds the session checks the middleware can be built with.
package validate

import (
	"context"
	"errors"
	"regexp"
)

// ErrUnknown is returned by a Resolver for ids it has no record of.
var ErrUnknown = errors.New("validate: unknown session")

// Known reports whether id names a live session.
type Known func(ctx context.Context, id string) bool

// Resolver checks id against a backing store. It returns ErrUnknown for
// ids that were never issued or have ended, and any other error when the
// store could not answer.
type Resolver func(ctx context.Context, id string) error

var idPattern = regexp.MustCompile(`^[\x21-\x7e]{1,128}$`)

// WellFormed reports whether id is made of visible ASCII only.
func WellFormed(id string) bool {
	return idPattern.MatchString(id)
}

// SetKnown adapts a set of ids to Known.
func SetKnown(ids map[string]struct{}) Known {
	return func(_ context.Context, id string) bool {
		_, ok := ids[id]
		return ok
	}
}
