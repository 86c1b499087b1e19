// Package sessions is the session table of a Streamable HTTP handler that
// gives every session its own transport: room for a handshake reserved
// against a session cap, the id → session map, idle timers, counts of why
// sessions closed, and a shutdown that waits for every session to end.
//
// The table holds what the handler stores per session (S, typically a
// *streamable.Transport or a struct around one) and knows three things about
// it: when a request on it begins and ends ([Entry.Begin], [Entry.End]), when
// its handshake establishes it under an id ([Entry.Establish], the transport's
// OnSessionInitialized) and when it has closed ([Entry.Closed], the
// transport's OnClose, which runs exactly once however the session ends). No
// goroutine waits per session: OnClose is the end.
//
// The flow of a handshake:
//
//	e, err := table.Reserve()                 // 503 + Retry-After beyond MaxSessions or after Shutdown
//	t := streamable.NewTransport(streamable.Options{
//		OnSessionInitialized: func(_ context.Context, id string) error { return e.Establish(id) },
//		OnClose:              func(string) { e.Closed() },
//		CloseOnRefusedHandshake: true, ...
//	})
//	e.Value = t
//	e.Begin(false)
//	t.ServeHTTP(w, r)
//	e.EndHandshake()                         // counts the handshake accepted or refused
//
// and of a request naming a session:
//
//	e := table.Lookup(id)                     // nil: 404
//	deleting := r.Method == http.MethodDelete
//	e.Begin(deleting)
//	e.Value.ServeHTTP(w, r)
//	e.End(deleting)
//
// Extension points: [Hooks] see every session established, used and closed
// (a shared session store puts, refreshes and deletes its record there), and
// [Options] take the limits; zero means none, so the caller (the generated
// handler) owns the finite defaults.
package sessions

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Closer is what the table needs of a session to end it: on idle timeout,
// and on Shutdown when no other way to end it is given.
type Closer interface {
	Close() error
}

// Cause says why a session closed.
type Cause uint32

const (
	// CauseNone: not closed (yet), or closed before it was established.
	CauseNone Cause = iota
	// CauseDelete: the client's DELETE ended it.
	CauseDelete
	// CauseIdle: no request was in flight for Options.IdleTimeout.
	CauseIdle
	// CauseShutdown: Table.Shutdown ended it.
	CauseShutdown
	// CauseOther: anything else — the server session ended, the handler
	// closed the transport, a handshake rolled back after its id was set.
	CauseOther
)

func (c Cause) String() string {
	switch c {
	case CauseDelete:
		return "delete"
	case CauseIdle:
		return "idle"
	case CauseShutdown:
		return "shutdown"
	case CauseOther:
		return "other"
	}
	return "none"
}

// Options configure a [Table]. The zero value has no limits.
type Options struct {
	// MaxSessions caps open sessions plus reservations (handshakes in
	// progress); Reserve beyond it is refused 503 with Retry-After. Zero or
	// negative: no cap.
	MaxSessions int
	// IdleTimeout closes an established session that has had no request in
	// flight for this long. Zero or negative: never.
	IdleTimeout time.Duration
	// Hooks observe the sessions' lifecycle.
	Hooks Hooks
}

// Hooks are called without the table's locks held, so they may call back
// into the table; they must not block for long: Established and Used run on
// the request's goroutine, Closed on whichever closed the session. Nil
// hooks are skipped.
type Hooks struct {
	// Established runs once per session, when Establish makes it reachable
	// under id.
	Established func(id string)
	// Used runs when a request begins on an established session (Begin).
	Used func(id string)
	// Closed runs once per established session, when it has closed and left
	// the table, with the cause the table counted.
	Closed func(id string, cause Cause)
}

// Stats is a snapshot of a table's counters.
type Stats struct {
	// Open is the number of established sessions in the table; Reserved the
	// handshakes holding room that have not established a session yet.
	Open, Reserved int
	// HandshakesAccepted counts handshakes whose session was open when the
	// handshake request ended; HandshakesRefused those that were not, plus
	// Reserve calls refused for lack of room or after Shutdown.
	HandshakesAccepted, HandshakesRefused int64
	// Closed sessions by cause. Only established sessions are counted.
	ClosedByDelete, ClosedByIdle, ClosedByShutdown, ClosedOther int64
}

// Table is the session table. Its methods are safe for concurrent use.
type Table[S Closer] struct {
	opts Options

	mu       sync.Mutex
	closed   bool // set by Shutdown
	byID     map[string]*Entry[S]
	reserved int // entries holding room that are not in byID
	// live counts entries that have not finished (closed with no request in
	// flight); Shutdown waits for it. Added to under mu while !closed.
	live sync.WaitGroup

	// resuming holds the resumptions under way, by id (Resume).
	resuming map[string]*resumption[S]

	accepted, refused                     atomic.Int64
	byDelete, byIdle, byShutdown, byOther atomic.Int64
}

// New returns an empty table.
func New[S Closer](opts Options) *Table[S] {
	return &Table[S]{opts: opts, byID: map[string]*Entry[S]{}}
}

// entry states, guarded by Table.mu.
const (
	stateReserved = iota
	stateEstablished
	stateClosed
)

// Entry is one session's place in the table, from its reservation on.
type Entry[S Closer] struct {
	// Value is the caller's session. Set it before the session can be
	// reached (before the handshake is served); the table reads it only to
	// close the session.
	Value S

	t *Table[S]

	// Guarded by t.mu.
	state       int
	id          string
	holdsRoom   bool // counted in t.reserved
	established bool // was ever established

	// cause is the first cause claimed by whoever set out to close the
	// session (idle timer, Shutdown); CauseNone if nobody did.
	cause atomic.Uint32

	// Guarded by mu.
	mu      sync.Mutex
	active  int // requests in flight
	deletes int // of which DELETEs
	// idle fires IdleTimeout after the session was last seen idle; it is
	// armed when the last request in flight ends and not touched by the
	// requests that follow (a timer operation per request is measurable):
	// when it fires early it re-arms itself for what is left (see expire).
	idle      *time.Timer
	idleArmed bool      // idle will fire
	idleSince time.Time // when the last request in flight ended
	closed    bool      // Closed has begun: the session left the table
	counted   bool      // Closed has counted the cause and run Hooks.Closed
	finished  bool      // counted with nothing in flight; t.live released
}

// errShuttingDown and errFull are the refusals; a new value each time, since
// a *protocol.Error carries a mutable Header.
func errShuttingDown() error {
	return protocol.Unavailable(1, "Service Unavailable: the server is shutting down")
}

func errFull() error {
	return protocol.Unavailable(1, "Service Unavailable: too many sessions")
}

// Reserve claims room for one handshake, or refuses it with a
// *protocol.Error: 503 with Retry-After when the table is shut down or
// MaxSessions is reached. The room passes to the session when Establish
// succeeds and is given back when the entry closes without one.
func (t *Table[S]) Reserve() (*Entry[S], error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		t.refused.Add(1)
		return nil, errShuttingDown()
	}
	if t.opts.MaxSessions > 0 && len(t.byID)+t.reserved >= t.opts.MaxSessions {
		t.refused.Add(1)
		return nil, errFull()
	}
	t.reserved++
	t.live.Add(1)
	return &Entry[S]{t: t, holdsRoom: true}, nil
}

// Lookup returns the established session with the given id, or nil.
func (t *Table[S]) Lookup(id string) *Entry[S] {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byID[id]
}

// Len returns the number of established sessions.
func (t *Table[S]) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.byID)
}

// ShuttingDown reports whether Shutdown has been called.
func (t *Table[S]) ShuttingDown() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closed
}

// Stats returns a snapshot of the counters.
func (t *Table[S]) Stats() Stats {
	t.mu.Lock()
	open, reserved := len(t.byID), t.reserved
	t.mu.Unlock()
	return Stats{
		Open:               open,
		Reserved:           reserved,
		HandshakesAccepted: t.accepted.Load(),
		HandshakesRefused:  t.refused.Load(),
		ClosedByDelete:     t.byDelete.Load(),
		ClosedByIdle:       t.byIdle.Load(),
		ClosedByShutdown:   t.byShutdown.Load(),
		ClosedOther:        t.byOther.Load(),
	}
}

// ID returns the id the entry was established under, or "".
func (e *Entry[S]) ID() string {
	e.t.mu.Lock()
	defer e.t.mu.Unlock()
	return e.id
}

// Establish makes the session reachable under id (the transport's
// OnSessionInitialized). It fails, so that the handshake is rolled back,
// when the table is shut down (503), when id is taken (500: the id
// generator repeated itself) or when the entry is not a fresh reservation.
func (e *Entry[S]) Establish(id string) error {
	t := e.t
	t.mu.Lock()
	switch {
	case t.closed:
		t.mu.Unlock()
		return errShuttingDown()
	case e.state != stateReserved:
		t.mu.Unlock()
		return protocol.Internal(errors.New("sessions: Establish on an entry that is not a fresh reservation"))
	case t.byID[id] != nil:
		t.mu.Unlock()
		return protocol.Internal(errors.New("sessions: session id generator repeated an id"))
	}
	e.state, e.id, e.established = stateEstablished, id, true
	t.byID[id] = e
	if e.holdsRoom {
		// The room now belongs to the session, counted in byID.
		e.holdsRoom = false
		t.reserved--
	}
	t.mu.Unlock()
	if h := t.opts.Hooks.Established; h != nil {
		h(id)
	}
	return nil
}

// Begin marks a request in flight on the session, deleting when it is a
// DELETE: an active session is never idle, and a close that happens while a
// DELETE is in flight is counted as the client's. Every Begin needs its End
// (or EndHandshake) with the same deleting.
func (e *Entry[S]) Begin(deleting bool) {
	e.mu.Lock()
	e.active++
	if deleting {
		e.deletes++
	}
	e.mu.Unlock()
	if h := e.t.opts.Hooks.Used; h != nil {
		if id := e.openID(); id != "" {
			h(id)
		}
	}
}

// openID returns the id of an established, open entry, else "".
func (e *Entry[S]) openID() string {
	e.t.mu.Lock()
	defer e.t.mu.Unlock()
	if e.state == stateEstablished {
		return e.id
	}
	return ""
}

// End marks a request done. When it was the last one, a closed session
// finishes (Shutdown stops waiting for it) and an open one starts its idle
// timer.
func (e *Entry[S]) End(deleting bool) {
	e.mu.Lock()
	e.active--
	if deleting {
		e.deletes--
	}
	switch {
	case e.active > 0:
		e.mu.Unlock()
		return
	case e.closed:
		// Closed finishes the entry itself once its hook has run, so that
		// Shutdown never returns between the close and its counting.
		if e.counted {
			e.finishLocked()
		}
		e.mu.Unlock()
		return
	case e.t.opts.IdleTimeout <= 0:
		e.mu.Unlock()
		return
	}
	e.idleSince = time.Now()
	armed := e.idleArmed
	e.mu.Unlock()
	if armed {
		return // it fires, then waits for what is left of IdleTimeout
	}
	// Only an established session times out (t.mu, not under e.mu).
	if e.openID() == "" {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed || e.active > 0 || e.idleArmed {
		return
	}
	e.idleArmed = true
	if e.idle == nil {
		e.idle = time.AfterFunc(e.t.opts.IdleTimeout, e.expire)
		return
	}
	e.idle.Reset(e.t.opts.IdleTimeout)
}

// EndHandshake is End for the handshake request (Begin(false) before it):
// the handshake is counted accepted when its session is established and
// open now, refused otherwise.
func (e *Entry[S]) EndHandshake() {
	if e.openID() != "" {
		e.t.accepted.Add(1)
	} else {
		e.t.refused.Add(1)
	}
	e.End(false)
}

// Closed records that the session has closed (the transport's OnClose): it
// leaves the table, its room is given back, and its cause is counted —
// the cause claimed first by the idle timer or Shutdown, else DELETE when
// one is in flight (the DELETE that closes a transport runs OnClose before
// it returns), else CauseOther. Later calls do nothing.
func (e *Entry[S]) Closed() { e.ClosedThen(nil) }

// ClosedThen is Closed with a hook of the session's own, run once after
// Hooks.Closed for an established session, with the same cause, and before
// Shutdown stops waiting for it: where the hook needs more of the session
// than its id (its link to a session store).
func (e *Entry[S]) ClosedThen(then func(id string, cause Cause)) {
	t := e.t
	t.mu.Lock()
	if e.state == stateClosed {
		t.mu.Unlock()
		return
	}
	wasOpen := e.state == stateEstablished
	if wasOpen {
		delete(t.byID, e.id)
	}
	if e.holdsRoom {
		e.holdsRoom = false
		t.reserved--
	}
	e.state = stateClosed
	id := e.id
	t.mu.Unlock()

	e.mu.Lock()
	e.closed = true
	if e.idle != nil {
		e.idle.Stop()
	}
	cause := Cause(e.cause.Load())
	if cause == CauseNone {
		cause = CauseOther
		if e.deletes > 0 {
			cause = CauseDelete
		}
	}
	e.mu.Unlock()

	if wasOpen {
		switch cause {
		case CauseDelete:
			t.byDelete.Add(1)
		case CauseIdle:
			t.byIdle.Add(1)
		case CauseShutdown:
			t.byShutdown.Add(1)
		default:
			t.byOther.Add(1)
		}
		if h := t.opts.Hooks.Closed; h != nil {
			h(id, cause)
		}
		if then != nil {
			then(id, cause)
		}
	}

	// Only now may Shutdown stop waiting: its caller reads the counters and
	// relies on the hook (a store's delete) having run.
	e.mu.Lock()
	e.counted = true
	if e.active == 0 {
		e.finishLocked()
	}
	e.mu.Unlock()
}

// finishLocked releases the entry from Shutdown's wait, once.
func (e *Entry[S]) finishLocked() {
	if !e.finished {
		e.finished = true
		e.t.live.Done()
	}
}

// claim sets the cause of a close about to happen, unless one is set.
func (e *Entry[S]) claim(c Cause) {
	e.cause.CompareAndSwap(uint32(CauseNone), uint32(c))
}

// expire runs when the idle timer fires: it closes the session if it has
// been idle for IdleTimeout. A session with a request in flight is left
// alone (its last End arms the timer again); one that was busy in the
// meantime and is idle now waits for what is left of IdleTimeout since.
func (e *Entry[S]) expire() {
	e.mu.Lock()
	if e.active > 0 || e.closed {
		e.idleArmed = false
		e.mu.Unlock()
		return
	}
	if left := e.t.opts.IdleTimeout - time.Since(e.idleSince); left > 0 {
		e.idle.Reset(left)
		e.mu.Unlock()
		return
	}
	e.idleArmed = false
	e.mu.Unlock()
	e.claim(CauseIdle)
	e.Value.Close()
}

// Shutdown refuses new reservations and establishments (503), ends every
// established session — end(ctx, value) in a goroutine of its own each, so
// that each can wait for its own requests (nil: Close) — and waits until
// every entry the table handed out has closed and has no request in
// flight, or ctx is done. Handshakes in progress are refused by Establish,
// so they close too.
func (t *Table[S]) Shutdown(ctx context.Context, end func(context.Context, S)) error {
	t.mu.Lock()
	t.closed = true
	open := make([]*Entry[S], 0, len(t.byID))
	for _, e := range t.byID {
		open = append(open, e)
	}
	t.mu.Unlock()
	for _, e := range open {
		e.claim(CauseShutdown)
		if end == nil {
			e.Value.Close()
			continue
		}
		go end(ctx, e.Value)
	}
	done := make(chan struct{})
	go func() {
		t.live.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
