package streamable

import (
	"context"
	"fmt"
	"iter"
	"sync"
)

// EventStore keeps the events written to SSE streams so that a client can
// resume a broken stream with Last-Event-ID (protocol revision 2025-11-25).
// Each stream's events are numbered 0, 1, 2, … in the order appended; the
// SSE event id is "<streamID>_<index>". The method set is that of go-sdk's
// mcp.EventStore, so go-sdk's mcp.MemoryEventStore also fits.
//
// Calls for one stream are serialised by the transport; calls for different
// streams and sessions may be concurrent.
type EventStore interface {
	// Open prepares storage for a new stream of a session.
	Open(ctx context.Context, sessionID, streamID string) error
	// Append stores the next event of a stream. data is nil for a priming
	// event, which carries only an id.
	Append(ctx context.Context, sessionID, streamID string, data []byte) error
	// After yields the events of a stream after index, in order. It must
	// yield an error, and nothing else, if any of them was dropped or the
	// stream is unknown.
	After(ctx context.Context, sessionID, streamID string, index int) iter.Seq2[[]byte, error]
	// SessionClosed tells the store the session is over.
	SessionClosed(ctx context.Context, sessionID string) error
}

// DefaultMemoryEventStoreBytes bounds a [MemoryEventStore] created with a
// non-positive limit.
const DefaultMemoryEventStoreBytes = 10 << 20

// MemoryEventStore is an in-memory [EventStore] bounded by total bytes:
// when full, the oldest events are dropped, and a resumption that would
// need one of them fails instead of replaying a gap.
type MemoryEventStore struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	streams  map[streamKey]*eventList
	// order lists streams in the order they were opened, for eviction.
	order []streamKey
}

type streamKey struct{ session, stream string }

// eventList holds a stream's retained events; first is the index of
// events[0], dropped events have lower indices.
type eventList struct {
	first  int
	events [][]byte
}

// NewMemoryEventStore returns an empty store holding at most maxBytes of
// event data (≤ 0 → [DefaultMemoryEventStoreBytes]).
func NewMemoryEventStore(maxBytes int) *MemoryEventStore {
	if maxBytes <= 0 {
		maxBytes = DefaultMemoryEventStoreBytes
	}
	return &MemoryEventStore{maxBytes: maxBytes, streams: make(map[streamKey]*eventList)}
}

// Open implements [EventStore]; opening a stream twice keeps its events.
func (s *MemoryEventStore) Open(_ context.Context, sessionID, streamID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.openLocked(streamKey{sessionID, streamID})
	return nil
}

func (s *MemoryEventStore) openLocked(k streamKey) *eventList {
	l := s.streams[k]
	if l == nil {
		l = &eventList{}
		s.streams[k] = l
		s.order = append(s.order, k)
	}
	return l
}

// Append implements [EventStore]; appending to a stream not yet opened
// opens it.
func (s *MemoryEventStore) Append(_ context.Context, sessionID, streamID string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.openLocked(streamKey{sessionID, streamID})
	l.events = append(l.events, data)
	s.size += len(data)
	s.evictLocked()
	return nil
}

// evictLocked drops the oldest events, oldest stream first, until the store
// fits its limit.
func (s *MemoryEventStore) evictLocked() {
	for s.size > s.maxBytes && len(s.order) > 0 {
		k := s.order[0]
		l := s.streams[k]
		if l == nil || len(l.events) == 0 {
			s.order = s.order[1:]
			continue
		}
		s.size -= len(l.events[0])
		l.events[0] = nil
		l.events = l.events[1:]
		l.first++
	}
}

// After implements [EventStore].
func (s *MemoryEventStore) After(_ context.Context, sessionID, streamID string, index int) iter.Seq2[[]byte, error] {
	s.mu.Lock()
	l := s.streams[streamKey{sessionID, streamID}]
	var (
		out []([]byte)
		err error
	)
	switch {
	case l == nil:
		err = fmt.Errorf("event store: unknown stream %q of session %q", streamID, sessionID)
	case index+1 < l.first:
		err = fmt.Errorf("event store: events of stream %q after %d were dropped", streamID, index)
	default:
		if start := index + 1 - l.first; start < len(l.events) {
			out = append(out, l.events[start:]...)
		}
	}
	s.mu.Unlock()
	return func(yield func([]byte, error) bool) {
		if err != nil {
			yield(nil, err)
			return
		}
		for _, d := range out {
			if !yield(d, nil) {
				return
			}
		}
	}
}

// SessionClosed implements [EventStore]: it forgets the session's streams.
func (s *MemoryEventStore) SessionClosed(_ context.Context, sessionID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.order[:0]
	for _, k := range s.order {
		if k.session == sessionID {
			if l := s.streams[k]; l != nil {
				for _, e := range l.events {
					s.size -= len(e)
				}
			}
			delete(s.streams, k)
			continue
		}
		kept = append(kept, k)
	}
	clear(s.order[len(kept):])
	s.order = kept
	return nil
}
