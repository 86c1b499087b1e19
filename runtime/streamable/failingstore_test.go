package streamable_test

import (
	"context"
	"iter"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// failingStore is an event store whose writes fail (or panic).
type failingStore struct {
	err    error
	panics bool
}

func (s failingStore) fail() error {
	if s.panics {
		panic("event store boom")
	}
	return s.err
}

func (s failingStore) Open(context.Context, string, string) error { return s.fail() }
func (s failingStore) Append(context.Context, string, string, []byte) error {
	return s.fail()
}
func (s failingStore) After(context.Context, string, string, int) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) { yield(nil, s.fail()) }
}
func (s failingStore) SessionClosed(context.Context, string) error { return nil }

// panicOnAfter is a working store whose replay panics.
type panicOnAfter struct{ *streamable.MemoryEventStore }

func (panicOnAfter) After(context.Context, string, string, int) iter.Seq2[[]byte, error] {
	panic("event store boom")
}
