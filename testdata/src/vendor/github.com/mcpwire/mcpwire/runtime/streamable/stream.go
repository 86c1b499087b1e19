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

	"github.com/mcpwire/mcpwire/runtime/internal/httpctl"
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

	// The fields below are guarded by mu. Lock order: Transport.mu, then
	// mu. mu is never held across a write to the client: the session queues
	// what it sends in out, and only the goroutine of the HTTP request
	// carrying the stream writes it to the socket (see pump), under a
	// deadline. So a client that stops reading stalls its own request and
	// nothing else: no server goroutine and no lock waits on its socket.
	mu       sync.Mutex
	w        http.ResponseWriter
	rc       *writeCtl
	released chan struct{} // closed to let the carrying request return
	// wake tells the carrying request that head or out has something (nil
	// for a JSON answer: it goes out when the stream is released).
	wake    chan struct{}
	lastIdx int // index of the last event appended (-1: none)
	pending map[jsonrpc.ID]struct{}
	answers [][]byte // JSON mode: responses collected until all arrive
	// isInit marks the initialize's stream: its answer carries
	// Mcp-Session-Id unless the handshake was rolled back.
	isInit bool
	// answered records that the last response reached the socket of an
	// attached HTTP response, for the handshake's settlement.
	answered bool
	// started records that the status line and headers of the attached
	// response are decided (head, then out, go out in that order). Until
	// then events are held: an initialize's SSE stream starts only once
	// the server's answer decides whether it establishes a session (200
	// with Mcp-Session-Id) or is refused.
	started bool
	held    []byte
	// head is the response head not yet written; out the bytes queued
	// behind it. sse: the response is an event stream, flushed per write.
	head *responseHead
	out  []byte
	sse  bool
	// writeBy, when set, caps the deadline of the stream's writes: a
	// draining session gives its GET stream a moment to take its last
	// event, not a whole write timeout.
	writeBy time.Time
	// broken records that the client did not take out in time (or out
	// outgrew maxStreamBacklog): the stream is over, and writes to it fail.
	broken bool
}

// responseHead is a status line with the headers that decide it.
type responseHead struct {
	status      int
	contentType string
	sessionID   string
}

// maxStreamBacklog bounds the bytes queued for one stream that its client
// has not taken yet. Beyond it the client is not keeping up: the stream
// ends, as it does when one write outlasts the write timeout. A single
// message larger than it is still queued when nothing else is, so a large
// result does not end a healthy stream.
const maxStreamBacklog = 1 << 20

var errStreamBroken = errors.New("the client is not reading this stream")

// attachLocked lets the HTTP response w carry the stream; released is
// closed when the stream is done or closed early.
func (s *stream) attachLocked(w http.ResponseWriter) chan struct{} {
	s.w = w
	s.rc = &writeCtl{w}
	s.released = make(chan struct{})
	// A JSON answer is queued once, complete, and released at once: the
	// release wakes the carrying request, so a wake channel would only
	// wake it twice.
	s.wake = nil
	if !s.json {
		s.wake = make(chan struct{}, 1)
	}
	s.head, s.out, s.sse, s.broken = nil, nil, false, false
	s.writeBy = time.Time{}
	return s.released
}

// detachLocked forgets the HTTP response; nothing may write to it after the
// handler returns. Events still held were never sent: the handshake they
// belonged to did not complete.
func (s *stream) detachLocked() {
	s.w, s.rc = nil, nil
	s.started, s.held = false, nil
	s.head, s.out = nil, nil
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
// Mcp-Session-Id when sessionID is set), followed by the events held so
// far.
func (s *stream) startLocked(sessionID string) error {
	if s.w == nil {
		return errDetached
	}
	if s.broken {
		return errStreamBroken
	}
	s.head = &responseHead{status: http.StatusOK, contentType: protocol.MediaTypeEventStream, sessionID: sessionID}
	s.sse = true
	s.started = true
	held := s.held
	s.held = nil
	return s.queueLocked(held)
}

// queueLocked queues b for the carrying request to write. It never
// blocks: a client that has fallen maxStreamBacklog behind loses the
// stream instead.
func (s *stream) queueLocked(b []byte) error {
	if s.w == nil {
		return errDetached
	}
	if s.broken {
		return errStreamBroken
	}
	if len(s.out) > 0 && len(s.out)+len(b) > maxStreamBacklog {
		s.breakLocked()
		return errStreamBroken
	}
	s.out = append(s.out, b...)
	s.wakeLocked()
	return nil
}

func (s *stream) wakeLocked() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// breakLocked ends a stream whose client does not take what it is sent.
func (s *stream) breakLocked() {
	s.broken = true
	s.head, s.out = nil, nil
	s.releaseLocked()
}

// writeEventLocked writes one SSE event and flushes it, or holds it while
// the response is not started. id and retry are omitted when empty/zero;
// data may be empty (a priming event).
func (s *stream) writeEventLocked(id string, retry time.Duration, data []byte) error {
	if s.w == nil {
		return errDetached
	}
	if s.broken {
		return errStreamBroken
	}
	var buf []byte
	if s.started {
		buf = s.out
		if len(buf) > 0 && len(buf)+len(data)+len(id)+32 > maxStreamBacklog {
			s.breakLocked()
			return errStreamBroken
		}
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
	s.out = buf
	s.wakeLocked()
	return nil
}

var errDetached = errors.New("stream has no HTTP response attached")

// writeCtl is the write side of http.ResponseController for one attached
// response, without its allocations per call on a writer that has no
// deadlines (httpctl).
type writeCtl struct{ w http.ResponseWriter }

func (c *writeCtl) SetWriteDeadline(d time.Time) error { return httpctl.SetWriteDeadline(c.w, d) }
func (c *writeCtl) Flush() error                       { return httpctl.Flush(c.w) }

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
	return s.writeJSONLocked(http.StatusOK, body, sessionID)
}

// writeJSONLocked answers the attached request with one application/json
// body (with Mcp-Session-Id when sessionID is set).
func (s *stream) writeJSONLocked(status int, body []byte, sessionID string) error {
	if s.w == nil {
		return errDetached
	}
	if s.broken {
		return errStreamBroken
	}
	s.head = &responseHead{status: status, contentType: protocol.MediaTypeJSON, sessionID: sessionID}
	s.started = true
	return s.queueLocked(body)
}

// pump is the carrying request's side of stream s: it writes what the
// session queues for s to the HTTP response, until the stream is released,
// the client goes away, the transport closes or a write fails. It runs on
// the request's own goroutine, the only one that touches the response, and
// holds no lock while writing; each write has the write timeout as its
// deadline. A client that does not take its stream in time thus ends that
// stream, and only it.
func (t *Transport) pump(r *http.Request, s *stream, released <-chan struct{}) {
	// A keepalive comment on a quiet event stream: a client that went away
	// without closing is found by the failing write even when the server
	// has nothing to say, and proxies do not cut the stream as idle.
	// A JSON answer is one body written as soon as it is complete: it gets
	// no ticker (a timer per request is measurable at low concurrency).
	var tick <-chan time.Time
	if t.keepalive > 0 && !s.json {
		k := time.NewTicker(t.keepalive)
		defer k.Stop()
		tick = k.C
	}
	for {
		last := false
		select {
		case <-tick:
			s.mu.Lock()
			if s.sse && s.started && len(s.out) == 0 && s.head == nil {
				s.queueLocked([]byte(": keepalive\n\n"))
			}
			s.mu.Unlock()
			continue
		case <-s.wake:
		case <-released:
			last = true
		case <-t.done:
			// Close aborted the writes; what is queued gets one attempt.
			last = true
		case <-r.Context().Done():
			return
		}
		if err := t.flushOut(s); err != nil {
			t.log.Debug("streamable: client not taking its stream; ending it", "stream", s.id, "error", err)
			s.mu.Lock()
			s.breakLocked()
			s.mu.Unlock()
			return
		}
		if last {
			return
		}
	}
}

// flushOut writes the head and bytes queued for s, outside s.mu.
func (t *Transport) flushOut(s *stream) error {
	s.mu.Lock()
	head, out, sse, w, rc, by := s.head, s.out, s.sse, s.w, s.rc, s.writeBy
	s.head, s.out = nil, nil
	done := s.doneLocked()
	s.mu.Unlock()
	if w == nil || (head == nil && len(out) == 0) {
		return nil
	}
	t.armWrite(rc, by)
	if head != nil {
		h := w.Header()
		h.Set("Content-Type", head.contentType)
		if sse {
			h.Set("Cache-Control", "no-cache, no-transform")
			h.Set("X-Accel-Buffering", "no")
		}
		if head.sessionID != "" {
			h.Set(protocol.HeaderSessionID, head.sessionID)
		}
		w.WriteHeader(head.status)
	}
	if len(out) > 0 {
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	if sse {
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
	}
	if done {
		s.mu.Lock()
		s.answered = true
		s.mu.Unlock()
	}
	return nil
}
