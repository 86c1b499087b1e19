package streamable

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A stream is one logical response stream: the answer to a POST that
// carried requests, or the standalone GET stream (id ""). It outlives the
// HTTP request carrying it while it has unanswered requests, so that a
// client can resume it with Last-Event-ID.
type stream struct {
	id      string
	version string // protocol revision: decides the priming event
	json    bool   // answered with one application/json body (JSONResponse)
	batch   bool   // the POST was a batch: a JSON answer stays an array

	// attached is guarded by Transport.mu: whether an HTTP request carries
	// the stream now, for routing decisions made under that lock.
	attached bool

	// The fields below are guarded by mu. Lock order: Transport.mu, then mu.
	mu       sync.Mutex
	w        http.ResponseWriter
	rc       *http.ResponseController
	released chan struct{} // closed to let the carrying request return
	lastIdx  int           // index of the last event appended (-1: none)
	pending  map[jsonrpc.ID]struct{}
	answers  [][]byte // JSON mode: responses collected until all arrive
	// isInit marks the initialize's stream: its answer carries
	// Mcp-Session-Id unless the handshake was rolled back.
	isInit bool
	// answered records that the last response was written to an attached
	// HTTP response, for the handshake's settlement.
	answered bool
	// started records that the status line and headers of the attached
	// response are out. Until then events are held: an initialize's SSE
	// stream starts only once the server's answer decides whether it
	// establishes a session (200 with Mcp-Session-Id) or is refused.
	started bool
	held    []byte
}

// attachLocked lets the HTTP response w carry the stream; released is
// closed when the stream is done or closed early.
func (s *stream) attachLocked(w http.ResponseWriter) chan struct{} {
	s.w = w
	s.rc = http.NewResponseController(w)
	s.released = make(chan struct{})
	return s.released
}

// detachLocked forgets the HTTP response; nothing may write to it after the
// handler returns. Events still held were never sent: the handshake they
// belonged to did not complete.
func (s *stream) detachLocked() {
	s.w, s.rc = nil, nil
	s.started, s.held = false, nil
	s.releaseLocked()
}

func (s *stream) releaseLocked() {
	if s.released != nil {
		close(s.released)
		s.released = nil
	}
}

// doneLocked reports whether every request of a request stream is answered.
func (s *stream) doneLocked() bool { return s.id != "" && len(s.pending) == 0 }

// startLocked starts the attached response as an event stream (with
// Mcp-Session-Id when sessionID is set) and writes the events held so far.
func (s *stream) startLocked(sessionID string) error {
	if s.w == nil {
		return errDetached
	}
	h := s.w.Header()
	h.Set("Content-Type", protocol.MediaTypeEventStream)
	h.Set("Cache-Control", "no-cache, no-transform")
	h.Set("X-Accel-Buffering", "no")
	if sessionID != "" {
		h.Set(protocol.HeaderSessionID, sessionID)
	}
	s.w.WriteHeader(http.StatusOK)
	s.started = true
	held := s.held
	s.held = nil
	if len(held) == 0 {
		return nil
	}
	_, err := s.w.Write(held)
	return err
}

// writeEventLocked writes one SSE event and flushes it, or holds it while
// the response is not started. id and retry are omitted when empty/zero;
// data may be empty (a priming event).
func (s *stream) writeEventLocked(id string, retry time.Duration, data []byte) error {
	if s.w == nil {
		return errDetached
	}
	var buf []byte
	if s.started {
		buf = make([]byte, 0, len(data)+len(id)+32)
	} else {
		buf = s.held
	}
	if id != "" {
		buf = append(buf, "id: "...)
		buf = append(buf, id...)
		buf = append(buf, '\n')
	}
	if retry > 0 {
		buf = append(buf, "retry: "...)
		buf = strconv.AppendInt(buf, retry.Milliseconds(), 10)
		buf = append(buf, '\n')
	}
	buf = append(buf, "data: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	if !s.started {
		s.held = buf
		return nil
	}
	if _, err := s.w.Write(buf); err != nil {
		return err
	}
	return s.rc.Flush()
}

var errDetached = errors.New("stream has no HTTP response attached")

// eventID is "<streamID>_<index>"; stream ids never contain '_'.
func eventID(streamID string, idx int) string {
	return streamID + "_" + strconv.Itoa(idx)
}

// parseEventID splits a Last-Event-ID value.
func parseEventID(v string) (streamID string, idx int, ok bool) {
	i := strings.LastIndexByte(v, '_')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(v[i+1:])
	if err != nil || n < 0 || strings.IndexByte(v[:i], '_') >= 0 {
		return "", 0, false
	}
	return v[:i], n, true
}

// sendLocked appends data to the event store (when the stream is an SSE
// stream and a store is set) and writes it to the attached response. A
// message stored but not written is delivered on resumption, so it counts
// as sent.
func (t *Transport) sendLocked(ctx context.Context, s *stream, sessionID string, data []byte) error {
	id := ""
	stored := false
	if t.opts.EventStore != nil && !s.json {
		if err := t.storeAppend(ctx, sessionID, s.id, data); err != nil {
			t.log.Warn("streamable: event store append", "stream", s.id, "error", err)
		} else {
			s.lastIdx++
			id = eventID(s.id, s.lastIdx)
			stored = true
		}
	}
	err := s.writeEventLocked(id, 0, data)
	if err != nil && stored {
		return nil
	}
	return err
}

// primeLocked stores and writes the priming event of protocol revision
// 2025-11-25: an id (so the client can resume from the very start) and the
// retry interval, with no data.
func (t *Transport) primeLocked(s *stream) error {
	return s.writeEventLocked(eventID(s.id, s.lastIdx), t.opts.RetryInterval, nil)
}

// wantsPriming reports whether a stream of revision v gets a priming event.
func (t *Transport) wantsPriming(v string) bool {
	return t.opts.EventStore != nil && v >= protocol.Version20251125 && protocol.HasSessions(v)
}

// storeAppend and storeOpen call the event store with panics recovered.
func (t *Transport) storeAppend(ctx context.Context, sessionID, streamID string, data []byte) error {
	return guard("EventStore.Append", func() error {
		return t.opts.EventStore.Append(ctx, sessionID, streamID, data)
	})
}

func (t *Transport) storeOpen(ctx context.Context, sessionID, streamID string) error {
	return guard("EventStore.Open", func() error {
		return t.opts.EventStore.Open(ctx, sessionID, streamID)
	})
}

// replay collects the stored events of a stream after idx. It collects
// before writing so that a failure can still be answered with a status.
func (t *Transport) replay(ctx context.Context, sessionID, streamID string, idx int) (events [][]byte, err error) {
	err = guard("EventStore.After", func() error {
		for data, err := range t.opts.EventStore.After(ctx, sessionID, streamID, idx) {
			if err != nil {
				return err
			}
			events = append(events, data)
		}
		return nil
	})
	return events, err
}

// writeJSONAnswerLocked writes the collected responses of a JSON-mode
// stream as one body: a single object, or an array for a batch.
func (s *stream) writeJSONAnswerLocked(sessionID string) error {
	if s.w == nil {
		return errDetached
	}
	var body []byte
	if len(s.answers) == 1 && !s.batch {
		body = s.answers[0]
	} else {
		raws := make([]json.RawMessage, len(s.answers))
		for i, a := range s.answers {
			raws[i] = a
		}
		var err error
		if body, err = json.Marshal(raws); err != nil {
			return err
		}
	}
	h := s.w.Header()
	if sessionID != "" {
		h.Set(protocol.HeaderSessionID, sessionID)
	}
	return s.writeJSONLocked(http.StatusOK, body)
}

// writeJSONLocked answers the attached request with one application/json
// body.
func (s *stream) writeJSONLocked(status int, body []byte) error {
	if s.w == nil {
		return errDetached
	}
	s.w.Header().Set("Content-Type", protocol.MediaTypeJSON)
	s.w.WriteHeader(status)
	s.started = true
	_, err := s.w.Write(body)
	return err
}
