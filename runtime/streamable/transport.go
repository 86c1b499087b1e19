// Package streamable is a sessionful, per-handshake Streamable HTTP server
// transport for servers built on go-sdk (github.com/modelcontextprotocol/go-sdk).
//
// A [Transport] serves one MCP session: it is connected to an *mcp.Server
// with server.Connect(ctx, t, nil) and handed every HTTP request of that
// session. Unlike go-sdk's raw StreamableServerTransport it performs the
// checks of a full endpoint itself (Host/Origin, method, Accept,
// Content-Type, body limit, protocol version, session id), answers every
// refusal with the status and JSON-RPC code of docs/protocol.md's refusal table,
// and — with [Options.CloseOnRefusedHandshake] — closes itself when the
// handshake it was built for is refused, so that a hand-owned session map
// never leaks a transport or a connected server session.
//
// The initialize response waits for the server's answer to initialize, in
// SSE mode too, so that no client ever sees a session id that is then
// withdrawn: a result starts the response (200, JSON or SSE as configured)
// with Mcp-Session-Id; a JSON-RPC error is answered as application/json
// with the status [protocol.StatusForCode] gives its code and no
// Mcp-Session-Id, and the handshake is rolled back like any refusal.
//
// Server-to-client messages: a response goes to the stream of the request
// it answers. go-sdk keeps the request a notification or server request
// relates to in an unexported context key, so the transport routes the
// rest by what it can see: notifications/progress follows its
// progressToken to that request's stream; anything else goes to the one
// request stream open at the time, and when none or two or more are open
// (or in JSONResponse mode), to the standalone GET stream — or, with no
// GET stream open, into a bounded queue the next GET stream flushes. So a
// tokenless notification a handler sends while another request's stream
// is open too reaches the client on the GET stream rather than on its own
// request's stream: delivered, not dropped (a full queue fails the write,
// and the server sees the error).
package streamable

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handshakeState is where a sessionful transport is in its one handshake.
type handshakeState int

const (
	stateFresh       handshakeState = iota // no initialize accepted yet
	stateHandshaking                       // an initialize is being served
	stateEstablished                       // the server answered initialize successfully
)

// Transport is the server side of one Streamable HTTP session. Create it
// with [NewTransport], connect it to an *mcp.Server, and route the
// session's HTTP requests to its ServeHTTP.
type Transport struct {
	opts      Options
	log       *slog.Logger
	stateless bool
	maxBody   int64
	// writeTimeout is the deadline of one write to a stream (0: none).
	writeTimeout time.Duration
	// keepalive is the interval of keepalive comments on event streams
	// (0: none).
	keepalive time.Duration
	// drainTimeout bounds how long a DELETE waits for the requests in
	// flight.
	drainTimeout time.Duration

	// incoming carries client messages to the connected server session;
	// done is closed when the transport closes, which ends Read with EOF.
	incoming chan jsonrpc.Message
	done     chan struct{}
	// streamSeq numbers request streams.
	streamSeq atomic.Uint64

	// stateMu serialises OnStateChange calls. Lock order: stateMu, then mu.
	stateMu sync.Mutex

	mu sync.Mutex // guards everything below and the attached flags of streams
	// active counts requests inside ServeHTTP: a refusal that settles while
	// another request (an initialize still reading its body) is in flight
	// must not close the transport under it.
	active int
	state  handshakeState
	closed bool
	// draining is set by drain: requests arriving from then on are
	// answered 404, and quiet is closed once no more than drainSelf
	// requests (the DELETE that drains, or none) are in flight.
	draining bool
	// handoff is set by Handoff: the session lives on on another node, so
	// a request that reaches this copy late is 503 (retry), not 404 (gone).
	handoff   bool
	drainSelf int
	quiet     chan struct{}
	connected bool
	sessionID string
	// announced is the last id assigned by a handshake, kept through a
	// rollback so that OnClose can clean up whatever OnSessionInitialized
	// stored under it.
	announced string
	// principal owns the session: that of the handshake (set when it
	// begins) or the one a resumed transport was given.
	principal string
	initID    jsonrpc.ID // the initialize being served, while handshaking
	// version is the session's revision: the one its initialize asked for,
	// then the one the server's answer negotiated. It decides batching and
	// priming for the session's requests, not their MCP-Protocol-Version
	// header, which a client may omit or get wrong.
	version string

	// srvState is the session's go-sdk state as seen on the wire (State,
	// OnStateChange); initParams are the params of the initialize being
	// served, and setLevel the log levels of unanswered logging/setLevel
	// requests, until the server's answer decides whether they apply.
	srvState   mcp.ServerSessionState
	initParams *mcp.InitializeParams
	setLevel   map[jsonrpc.ID]mcp.LoggingLevel
	// resumed marks a transport of NewResumedTransport; its stream ids start
	// with streamPrefix.
	resumed      bool
	streamPrefix string

	standalone *stream // the GET stream (id ""), also when detached
	// streams counts the streams an HTTP request carries now, against
	// maxStreams.
	streams    int
	maxStreams int
	// byRequest maps each unanswered request to its stream; the request
	// streams of the session are its values.
	byRequest map[jsonrpc.ID]*stream
	// progress routes notifications/progress to the stream of the request
	// whose params._meta.progressToken they carry.
	progress   map[string]jsonrpc.ID
	progressOf map[jsonrpc.ID]string
	// queue holds server→client messages written while no stream could take
	// them; the next standalone GET stream flushes it.
	queue [][]byte

	// wmu guards live, the response controllers of attached streams. It is
	// never held across I/O, so Close can abort writes stuck on a client
	// that stopped reading without waiting for t.mu or a stream's mu, which
	// such a write (or a writer queued behind it) holds.
	wmu  sync.Mutex
	live []*writeCtl
	// aborted is set by the first abortWrites: a stream attached after it
	// (by a request racing the close) is aborted as it is tracked.
	aborted bool
}

// NewTransport returns a transport configured by opts. It serves nothing
// until connected to a server with server.Connect(ctx, t, nil).
func NewTransport(opts Options) *Transport {
	t := &Transport{
		opts:       opts,
		log:        opts.Logger,
		stateless:  opts.SessionIDGenerator == nil,
		maxBody:    opts.MaxBodyBytes,
		incoming:   make(chan jsonrpc.Message, 1),
		done:       make(chan struct{}),
		standalone: &stream{lastIdx: -1},
	}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	if t.maxBody == 0 {
		t.maxBody = DefaultMaxBodyBytes
	}
	switch {
	case opts.WriteTimeout == 0:
		t.writeTimeout = DefaultWriteTimeout
	case opts.WriteTimeout > 0:
		t.writeTimeout = opts.WriteTimeout
	}
	switch {
	case opts.KeepaliveInterval == 0:
		t.keepalive = DefaultKeepaliveInterval
	case opts.KeepaliveInterval > 0:
		t.keepalive = opts.KeepaliveInterval
	}
	t.maxStreams = opts.MaxStreams
	if t.maxStreams == 0 {
		t.maxStreams = DefaultMaxStreams
	}
	t.drainTimeout = opts.DrainTimeout
	if t.drainTimeout == 0 {
		t.drainTimeout = DefaultDrainTimeout
	}
	if t.opts.RetryInterval <= 0 {
		t.opts.RetryInterval = DefaultRetryInterval
	}
	return t
}

// SessionID returns the id of the established (or being established)
// session, or "" for a stateless transport or before the handshake.
func (t *Transport) SessionID() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sessionID
}

// SupportsProtocolVersion implements mcp.ProtocolVersionSupporter: the
// transport serves the revisions that have sessions. Protocol revision
// 2026-07-28 has none; go-sdk's stateless handler serves it.
func (t *Transport) SupportsProtocolVersion(v string) bool {
	return protocol.IsSessionVersion(v)
}

// Connect implements mcp.Transport. A transport connects once.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.connected {
		return nil, errors.New("streamable: transport already connected")
	}
	t.connected = true
	return &conn{t: t}, nil
}

// ServeHTTP serves one HTTP request of the session. It is the single entry
// where the CloseOnRefusedHandshake invariant is enforced: whatever path a
// request takes, once it settles a sessionful transport whose handshake is
// not established, with no other request in flight, closes.
func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t.mu.Lock()
	t.active++
	t.mu.Unlock()
	defer t.settle()

	if id, err := t.serve(w, r); err != nil {
		e := protocol.AsError(err)
		if e.Internal() {
			t.log.Error("streamable: internal failure", "method", r.Method, "error", e)
		} else {
			t.log.Debug("streamable: refused", "method", r.Method, "status", e.Status, "code", e.Code, "message", e.Message)
		}
		protocol.WriteError(w, id, e)
	}
}

// serve routes a request and returns the refusal to write, if any, with the
// request id to echo. A nil error means the response was written.
func (t *Transport) serve(w http.ResponseWriter, r *http.Request) (any, error) {
	t.mu.Lock()
	closed, connected := t.closed || t.draining, t.connected
	var gone error
	if closed {
		gone = t.goneLocked()
	}
	t.mu.Unlock()
	if closed {
		return nil, gone
	}
	if err := edge.CheckHostOrigin(r, t.opts.AllowedHosts, t.opts.AllowedOrigins); err != nil {
		return nil, err
	}
	switch r.Method {
	case http.MethodPost:
	case http.MethodGet, http.MethodDelete:
		// 2026-07-28 has no standalone stream and no sessions, whatever
		// session id the request carries (the classifier's rule too).
		if t.stateless || protocol.LooksModern(r.Header.Get(protocol.HeaderProtocolVersion)) {
			return nil, protocol.MethodNotAllowed(r.Method, http.MethodPost)
		}
	default:
		if t.stateless {
			return nil, protocol.MethodNotAllowed(r.Method, http.MethodPost)
		}
		return nil, protocol.MethodNotAllowed(r.Method, http.MethodGet, http.MethodPost, http.MethodDelete)
	}
	if err := t.CheckOwner(r); err != nil {
		return nil, err
	}
	if !connected {
		return nil, protocol.Internal(errors.New("streamable: transport not connected to a server"))
	}
	switch r.Method {
	case http.MethodGet:
		return t.serveGET(w, r)
	case http.MethodDelete:
		return t.serveDELETE(w, r)
	}
	return t.servePOST(w, r)
}

// settle runs after every request. The decision and the close happen in one
// critical section, so a request entering concurrently either sees the
// transport open and counted, or closed.
func (t *Transport) settle() {
	t.mu.Lock()
	t.active--
	t.quietLocked()
	if !t.opts.CloseOnRefusedHandshake || t.stateless || t.closed || t.active > 0 || t.state == stateEstablished {
		t.mu.Unlock()
		return
	}
	id := t.closeLocked()
	t.mu.Unlock()
	t.log.Debug("streamable: closing after a refused handshake")
	t.afterClose(id)
}

// checkSession checks a non-initialize request's Mcp-Session-Id: missing
// is 400, anything but this transport's established session is 404.
func (t *Transport) checkSession(r *http.Request) error {
	if t.stateless {
		return nil
	}
	got := r.Header.Get(protocol.HeaderSessionID)
	t.mu.Lock()
	state, want := t.state, t.sessionID
	t.mu.Unlock()
	switch {
	case got == "" && state == stateEstablished:
		return protocol.BadRequest("Bad Request: %s header is required", protocol.HeaderSessionID)
	case got == "":
		return protocol.BadRequest("Bad Request: server not initialized; send initialize first")
	case state != stateEstablished || got != want:
		return protocol.SessionNotFound()
	}
	return nil
}

// Close ends the transport: the connected server session's Read returns
// io.EOF, hanging streams are released, OnClose runs (once) and later
// requests are answered 404 / -32001. Close is idempotent.
func (t *Transport) Close() error {
	t.abortWrites()
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil
	}
	id := t.closeLocked()
	t.mu.Unlock()
	t.afterClose(id)
	return nil
}

// Drain ends the session gracefully, as DELETE does: requests arriving
// from now on are answered 404 / -32001, the standalone GET stream ends
// (after a retry field when an event store makes it resumable), the
// requests in flight finish and their answers are written; then the
// transport closes. When ctx ends first it closes at once, cutting what is
// still in flight. A second Drain, or one racing a DELETE, waits for the
// first (or ctx).
func (t *Transport) Drain(ctx context.Context) error {
	if !t.drain(ctx, 0) {
		select {
		case <-t.done:
		case <-ctx.Done():
			t.Close()
			return ctx.Err()
		}
	}
	return nil
}

// drain runs the graceful close; self is the number of in-flight requests
// that are the caller's own (the DELETE). It reports false, doing nothing,
// when the transport is already closed or draining.
func (t *Transport) drain(ctx context.Context, self int) bool {
	t.mu.Lock()
	if t.closed || t.draining {
		t.mu.Unlock()
		return false
	}
	t.draining = true
	t.drainSelf = self
	quiet, s := make(chan struct{}), t.standalone
	t.quiet = quiet
	t.quietLocked()
	t.mu.Unlock()

	// The GET stream would hold its request until the close: end it now,
	// so that it ends cleanly rather than cut.
	s.mu.Lock()
	if s.w != nil && s.started {
		// A write stuck on a client that stopped reading would hold the
		// drain for the whole write timeout; the stream gets a moment.
		by := time.Now().Add(drainWriteGrace)
		s.writeBy = by
		if s.rc != nil {
			t.armWrite(s.rc, by)
		}
		if t.opts.EventStore != nil {
			buf := []byte("retry: ")
			buf = strconv.AppendInt(buf, t.opts.RetryInterval.Milliseconds(), 10)
			buf = append(buf, "\ndata: \n\n"...)
			s.queueLocked(buf)
		}
		s.releaseLocked()
	}
	s.mu.Unlock()

	select {
	case <-quiet:
	case <-ctx.Done():
		t.log.Debug("streamable: drain timed out; closing with requests in flight")
	case <-t.done:
	}
	t.Close()
	return true
}

// markAttachedLocked and markDetachedLocked keep s.attached and the count
// of carried streams in step.
func (t *Transport) markAttachedLocked(s *stream) {
	s.attached = true
	t.streams++
}

func (t *Transport) markDetachedLocked(s *stream) {
	if s.attached {
		s.attached = false
		t.streams--
	}
}

// streamRoomLocked refuses a new stream beyond maxStreams: each holds a
// request, its goroutine and its buffers for as long as the client likes.
func (t *Transport) streamRoomLocked() error {
	if t.maxStreams > 0 && t.streams >= t.maxStreams {
		e := protocol.NewError(http.StatusTooManyRequests, protocol.CodeServerError, "Too Many Requests: %d streams are open on this session", t.streams)
		e.Header = http.Header{"Retry-After": {"1"}}
		return e
	}
	return nil
}

// drainWriteGrace is how long a draining session's GET stream has to take
// its last bytes.
const drainWriteGrace = time.Second

// quietLocked closes quiet once a drain has no other request to wait for.
func (t *Transport) quietLocked() {
	if t.draining && t.quiet != nil && t.active <= t.drainSelf {
		close(t.quiet)
		t.quiet = nil
	}
}

// closeLocked marks the transport closed and returns the id OnClose gets.
func (t *Transport) closeLocked() string {
	t.closed = true
	close(t.done)
	t.queue = nil
	if t.sessionID != "" {
		return t.sessionID
	}
	return t.announced
}

// afterClose runs the close hooks outside the lock: user code may call back
// into the transport.
func (t *Transport) afterClose(id string) {
	t.abortWrites()
	if t.opts.EventStore != nil && id != "" {
		if err := guard("EventStore.SessionClosed", func() error {
			return t.opts.EventStore.SessionClosed(context.Background(), id)
		}); err != nil {
			t.log.Warn("streamable: event store", "error", err)
		}
	}
	if t.opts.OnClose != nil {
		if err := guard("OnClose", func() error { t.opts.OnClose(id); return nil }); err != nil {
			t.log.Error("streamable: OnClose", "error", err)
		}
	}
}

// armWrite sets the deadline of the next write to a stream: the write
// timeout from now, or now once the transport has aborted its writes.
func (t *Transport) armWrite(rc *writeCtl, by time.Time) {
	t.wmu.Lock()
	defer t.wmu.Unlock()
	var d time.Time
	switch {
	case t.aborted:
		d = time.Now()
	case t.writeTimeout > 0:
		d = time.Now().Add(t.writeTimeout)
	}
	if !by.IsZero() && (d.IsZero() || by.Before(d)) {
		d = by
	}
	if !d.IsZero() {
		rc.SetWriteDeadline(d)
	}
}

// trackWrites and untrackWrites keep live in step with the attached
// streams. untrackWrites clears the write deadline the stream's writes
// set: net/http keeps a connection's deadline across keep-alive requests
// unless its own WriteTimeout is set, and the next request on the
// connection must not inherit it.
func (t *Transport) trackWrites(rc *writeCtl) {
	t.wmu.Lock()
	t.live = append(t.live, rc)
	if t.aborted {
		rc.SetWriteDeadline(time.Now())
	}
	t.wmu.Unlock()
}

func (t *Transport) untrackWrites(rc *writeCtl) {
	t.wmu.Lock()
	if i := slices.Index(t.live, rc); i >= 0 {
		t.live = slices.Delete(t.live, i, i+1)
	}
	if !t.aborted && t.writeTimeout > 0 {
		rc.SetWriteDeadline(time.Time{})
	}
	t.wmu.Unlock()
}

// abortWrites makes every write to an attached stream fail now: a closing
// transport must not wait for a client that stopped reading. Writers then
// release their locks, and the requests carrying the streams return.
func (t *Transport) abortWrites() {
	t.wmu.Lock()
	defer t.wmu.Unlock()
	t.aborted = true
	for _, rc := range t.live {
		rc.SetWriteDeadline(time.Now())
	}
}

// guard runs a user hook, turning a panic into a *hookPanic (with the
// stack for the log) so that it is answered 500 / -32603 instead of killing
// the connection.
func guard(name string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &hookPanic{msg: fmt.Sprintf("%s panicked: %v\n%s", name, p, debug.Stack())}
		}
	}()
	return f()
}

// hookPanic is a panic recovered from a user hook: always a server
// failure, whatever the hook's errors otherwise mean.
type hookPanic struct{ msg string }

func (e *hookPanic) Error() string { return e.msg }
