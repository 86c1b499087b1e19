package streamable

import (
	"context"
	"strconv"
	"testing"
)

// The store's limit bounds its keys too: a session opening stream after
// stream keeps only as many as the limit pays for.
func TestMemoryEventStoreBoundsKeys(t *testing.T) {
	ctx := context.Background()
	const limit = 64 << 10
	s := NewMemoryEventStore(limit)
	for i := range 100_000 {
		id := strconv.Itoa(i)
		s.Open(ctx, "s", id)
		s.Append(ctx, "s", id, nil)
	}
	se := s.sessions["s"]
	if n, max := len(se.streams), limit/streamOverhead; n > max || s.size > limit {
		t.Fatalf("%d streams, %d bytes kept; want at most %d streams in %d bytes", n, s.size, max, limit)
	}
	t.Logf("100000 streams opened, %d kept, %d bytes", len(se.streams), s.size)
}
