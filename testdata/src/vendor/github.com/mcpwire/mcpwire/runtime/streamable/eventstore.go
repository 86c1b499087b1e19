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
	// Open prepares storage for a new stream of a session; opening a
	// stream id again starts it afresh (the standalone stream, id "", is
	// opened by each GET that does not resume, and numbered from 0).
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

// What a [MemoryEventStore] charges besides event data, so that neither
// empty events (priming events carry none) nor streams without events are
// free: the limit bounds the keys it keeps as well as the bytes.
const (
	eventOverhead  = 32  // a slice header and its share of the list
	streamOverhead = 128 // a map entry, its key and its list
)

// MemoryEventStore is an in-memory [EventStore] bounded by bytes: event
// data plus a fixed charge per event and per stream. When full it drops
// events oldest first, and a resumption that would need a dropped event
// fails instead of replaying a gap.
//
// Room is taken fairly: what is dropped comes from the session that
// appends, while it holds at least an equal share of the store, and
// otherwise from the session holding the most. So one client streaming
// without pause evicts its own history, not every other session's.
type MemoryEventStore struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	sessions map[string]*sessionEvents
}

// sessionEvents are the streams of one session, in the order opened.
type sessionEvents struct {
	id      string
	size    int
	streams map[string]*eventList
	order   []string
}

// eventList holds a stream's retained events; first is the index of
// events[0], dropped events have lower indices. lost marks a stream the
// store forgot to make room and was appended to again: its numbering is
// unknown, so it cannot be resumed.
type eventList struct {
	first  int
	events [][]byte
	lost   bool
}

// NewMemoryEventStore returns an empty store holding at most maxBytes
// (≤ 0 → [DefaultMemoryEventStoreBytes]).
func NewMemoryEventStore(maxBytes int) *MemoryEventStore {
	if maxBytes <= 0 {
		maxBytes = DefaultMemoryEventStoreBytes
	}
	return &MemoryEventStore{maxBytes: maxBytes, sessions: make(map[string]*sessionEvents)}
}

// Open implements [EventStore]. Opening a stream starts it afresh: the
// transport opens the standalone stream again for each GET without
// Last-Event-ID, which numbers its events from 0 again.
func (s *MemoryEventStore) Open(_ context.Context, sessionID, streamID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	se := s.sessionLocked(sessionID)
	if l := se.streams[streamID]; l != nil {
		s.chargeLocked(se, -eventsSize(l.events))
		l.first, l.events, l.lost = 0, nil, false
		return nil
	}
	se.streams[streamID] = &eventList{}
	se.order = append(se.order, streamID)
	s.chargeLocked(se, streamOverhead+len(streamID))
	s.evictLocked(se)
	return nil
}

func (s *MemoryEventStore) sessionLocked(id string) *sessionEvents {
	se := s.sessions[id]
	if se == nil {
		se = &sessionEvents{id: id, streams: make(map[string]*eventList)}
		s.sessions[id] = se
		s.chargeLocked(se, streamOverhead+len(id))
	}
	return se
}

func (s *MemoryEventStore) chargeLocked(se *sessionEvents, n int) {
	se.size += n
	s.size += n
}

func eventsSize(events [][]byte) int {
	n := 0
	for _, e := range events {
		n += eventOverhead + len(e)
	}
	return n
}

// Append implements [EventStore]. Appending to a stream the store does not
// hold (never opened, or forgotten to make room) records it as lost:
// resuming it fails.
func (s *MemoryEventStore) Append(_ context.Context, sessionID, streamID string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	se := s.sessionLocked(sessionID)
	l := se.streams[streamID]
	if l == nil {
		se.streams[streamID] = &eventList{lost: true}
		se.order = append(se.order, streamID)
		s.chargeLocked(se, streamOverhead+len(streamID))
	} else if !l.lost {
		l.events = append(l.events, data)
		s.chargeLocked(se, eventOverhead+len(data))
	}
	s.evictLocked(se)
	return nil
}

// evictLocked drops events, and then streams, until the store fits its
// limit, taking them from the appending session while it holds at least
// an equal share, else from the largest session.
func (s *MemoryEventStore) evictLocked(appender *sessionEvents) {
	for s.size > s.maxBytes {
		victim := appender
		if victim.size*len(s.sessions) < s.maxBytes {
			for _, se := range s.sessions {
				if se.size > victim.size {
					victim = se
				}
			}
		}
		if !s.dropOldestLocked(victim) {
			return // nothing left to drop but the session itself
		}
	}
}

// dropOldestLocked drops the oldest event of se's oldest stream, or that
// stream when it has none left; false if se holds no stream.
func (s *MemoryEventStore) dropOldestLocked(se *sessionEvents) bool {
	for len(se.order) > 0 {
		id := se.order[0]
		l := se.streams[id]
		if l == nil {
			se.order = se.order[1:]
			continue
		}
		if len(l.events) > 0 {
			s.chargeLocked(se, -(eventOverhead + len(l.events[0])))
			l.events[0] = nil
			l.events = l.events[1:]
			l.first++
			return true
		}
		delete(se.streams, id)
		se.order[0] = ""
		se.order = se.order[1:]
		s.chargeLocked(se, -(streamOverhead + len(id)))
		return true
	}
	return false
}

// After implements [EventStore].
func (s *MemoryEventStore) After(_ context.Context, sessionID, streamID string, index int) iter.Seq2[[]byte, error] {
	s.mu.Lock()
	var l *eventList
	if se := s.sessions[sessionID]; se != nil {
		l = se.streams[streamID]
	}
	var (
		out []([]byte)
		err error
	)
	switch {
	case l == nil:
		err = fmt.Errorf("event store: unknown stream %q of session %q", streamID, sessionID)
	case l.lost:
		err = fmt.Errorf("event store: stream %q was dropped to make room", streamID)
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
	if se := s.sessions[sessionID]; se != nil {
		s.size -= se.size
		delete(s.sessions, sessionID)
	}
	return nil
}
