// Package ledger keeps conversations by id and answers nothing itself: its
// ErrAbsent is returned only when an id is not held, which a fact carries
// to the packages that test for it.
package ledger

import (
	"errors"
	"sync"
)

// ErrAbsent is returned when the id is not held.
var ErrAbsent = errors.New("absent")

// ErrClosed is returned when the ledger is shut: the server's failure.
var ErrClosed = errors.New("ledger closed")

// Ledger holds the conversations.
type Ledger struct {
	mu     sync.Mutex
	shut   bool
	byName map[string]int
}

// Open returns the conversation under key.
func (l *Ledger) Open(key string) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shut {
		return 0, ErrClosed
	}
	n, ok := l.byName[key]
	if !ok {
		return 0, ErrAbsent
	}
	return n, nil
}
