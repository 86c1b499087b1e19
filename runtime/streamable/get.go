package streamable

import (
	"errors"
	"net/http"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// serveGET opens the standalone SSE stream, or with Last-Event-ID resumes
// a stream from the event store.
func (t *Transport) serveGET(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := checkGETHeaders(r); err != nil {
		return nil, err
	}
	header, err := checkVersionHeader(r)
	if err != nil {
		return nil, err
	}
	if err := t.checkSession(r); err != nil {
		return nil, err
	}
	// Priming follows the session's negotiated revision, not the header.
	version := t.sessionVersion(header)
	last := r.Header.Get(protocol.HeaderLastEventID)
	if last == "" || t.opts.EventStore == nil {
		// Without a store there is nothing to replay: a plain new stream.
		return t.openStandalone(w, r, version, -1)
	}
	streamID, idx, ok := parseEventID(last)
	if !ok {
		return nil, protocol.BadRequest("Bad Request: malformed %s %q", protocol.HeaderLastEventID, last)
	}
	if streamID == "" {
		return t.openStandalone(w, r, version, idx)
	}
	return t.resume(w, r, streamID, idx)
}

// openStandalone attaches the session's one standalone stream (409 if it
// is already open), replays events after replayAfter (≥ 0), primes it, and
// flushes the messages queued while no stream was open.
func (t *Transport) openStandalone(w http.ResponseWriter, r *http.Request, version string, replayAfter int) (any, error) {
	t.mu.Lock()
	s := t.standalone
	if t.closed || t.draining {
		// Too late: the stream would hold the session's drain.
		err := t.goneLocked()
		t.mu.Unlock()
		return nil, err
	}
	if s.attached {
		t.mu.Unlock()
		return nil, protocol.Conflict("Conflict: a standalone SSE stream is already open for this session")
	}
	if err := t.streamRoomLocked(); err != nil {
		t.mu.Unlock()
		return nil, err
	}
	t.markAttachedLocked(s)
	sid := t.sessionID
	t.mu.Unlock()

	// While detached the standalone stream appends nothing to the store
	// (server messages queue instead), so the store can be read unlocked.
	ctx := r.Context()
	var replay [][]byte
	if t.opts.EventStore != nil {
		var err error
		if replayAfter >= 0 {
			replay, err = t.replay(ctx, sid, "", replayAfter)
		} else {
			err = t.storeOpen(ctx, sid, "")
		}
		if err != nil && replayAfter >= 0 && t.resumed && !isPanic(err) {
			// The standalone stream of the session's earlier incarnation:
			// start afresh rather than make the client drop the session.
			t.log.Debug("streamable: standalone stream not replayable after resumption; starting afresh", "error", err)
			replay, replayAfter = nil, -1
			err = t.storeOpen(ctx, sid, "")
		}
		if err != nil {
			t.mu.Lock()
			t.markDetachedLocked(s)
			t.mu.Unlock()
			if replayAfter >= 0 {
				return nil, resumeRefusal(r, err)
			}
			return nil, protocol.Internal(err)
		}
	}

	// Take the queue and attach in one step: a server message written from
	// now on waits for s.mu and lands after the queued ones.
	t.mu.Lock()
	queued := t.queue
	t.queue = nil
	s.mu.Lock()
	t.mu.Unlock()
	released := s.attachLocked(w)
	if t.opts.EventStore != nil && replayAfter < 0 {
		// The store started the stream afresh (Open): so does its
		// numbering.
		s.lastIdx = -1
	}
	t.trackWrites(s.rc)
	s.startLocked("")
	// An SSE comment forces the headers out, also through HTTP/2 proxies
	// that hold a HEADERS frame until a DATA frame comes (go-sdk #410).
	s.queueLocked([]byte(": ok\n\n"))
	for i, data := range replay {
		if err := s.writeEventLocked(eventID("", replayAfter+1+i), 0, data); err != nil {
			break
		}
	}
	if t.wantsPriming(version) {
		if err := t.storeAppend(ctx, sid, "", nil); err != nil {
			t.log.Warn("streamable: storing priming event", "error", err)
		} else {
			s.lastIdx++
			t.primeLocked(s)
		}
	}
	for _, data := range queued {
		if err := t.sendLocked(ctx, s, sid, data); err != nil {
			t.log.Warn("streamable: flushing queued message", "error", err)
		}
	}
	s.mu.Unlock()

	t.pump(r, s, released)
	t.mu.Lock()
	t.markDetachedLocked(s)
	s.mu.Lock()
	t.untrackWrites(s.rc)
	s.detachLocked()
	s.mu.Unlock()
	t.mu.Unlock()
	return nil, nil
}

// resume re-attaches a request stream with unanswered requests after a
// broken connection, replaying what the client missed; a finished stream is
// replayed and ended.
func (t *Transport) resume(w http.ResponseWriter, r *http.Request, streamID string, idx int) (any, error) {
	ctx := r.Context()
	t.mu.Lock()
	sid := t.sessionID
	s := t.streamLocked(streamID)
	if s == nil {
		t.mu.Unlock()
		replay, err := t.replay(ctx, sid, streamID, idx)
		if err != nil && t.foreignStream(streamID) && !isPanic(err) {
			// A stream of the session's earlier incarnation that the store
			// does not have: its requests died with that node. An event
			// stream that ends with no event makes the client fail those
			// requests and keep the session.
			t.log.Debug("streamable: stream of an earlier incarnation not replayable; ending it", "stream", streamID, "error", err)
			replay, err = nil, nil
		}
		if err != nil {
			return nil, resumeRefusal(r, err)
		}
		// Written here, on the request's goroutine: the stream is not
		// shared, so it needs no pump, only the write deadline.
		tmp := &stream{id: streamID}
		tmp.attachLocked(w)
		tmp.startLocked("")
		for i, data := range replay {
			if err := tmp.writeEventLocked(eventID(streamID, idx+1+i), 0, data); err != nil {
				break
			}
		}
		if err := t.flushOut(tmp); err != nil {
			t.log.Debug("streamable: replaying a finished stream", "stream", streamID, "error", err)
		}
		if t.writeTimeout > 0 {
			tmp.rc.SetWriteDeadline(time.Time{})
		}
		return nil, nil
	}
	if s.attached {
		t.mu.Unlock()
		return nil, protocol.Conflict("Conflict: stream %q is already being delivered", streamID)
	}
	if err := t.streamRoomLocked(); err != nil {
		t.mu.Unlock()
		return nil, err
	}
	t.markAttachedLocked(s)
	// Holding s.mu while replaying keeps new events from interleaving.
	s.mu.Lock()
	t.mu.Unlock()
	replay, err := t.replay(ctx, sid, streamID, idx)
	if err != nil {
		s.mu.Unlock()
		t.mu.Lock()
		t.markDetachedLocked(s)
		t.mu.Unlock()
		return nil, resumeRefusal(r, err)
	}
	released := s.attachLocked(w)
	t.trackWrites(s.rc)
	s.startLocked("")
	for i, data := range replay {
		if err := s.writeEventLocked(eventID(streamID, idx+1+i), 0, data); err != nil {
			break
		}
	}
	if s.doneLocked() {
		s.releaseLocked()
	}
	s.mu.Unlock()
	t.pump(r, s, released)
	t.detach(s, r, nil)
	return nil, nil
}

// resumeRefusal answers a Last-Event-ID the event store cannot replay from
// (events dropped, stream unknown): 400 / -32000. A panicking store is a
// server failure, 500 / -32603. The store's error goes to the log only: it
// may describe the server's internals.
func resumeRefusal(r *http.Request, err error) error {
	if isPanic(err) {
		return protocol.Internal(err)
	}
	e := protocol.BadRequest("Bad Request: cannot resume the stream from %s %q", protocol.HeaderLastEventID, r.Header.Get(protocol.HeaderLastEventID))
	e.Cause = err
	return e
}

// isPanic reports whether err is a recovered panic of a user hook.
func isPanic(err error) bool {
	var p *hookPanic
	return errors.As(err, &p)
}
