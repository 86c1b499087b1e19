package limits

import (
	"errors"
	"io"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpwire/mcpwire/runtime/internal/httpctl"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// DefaultMaxBufferedBodyBytes is the process-wide budget of request-body
// bytes being read at once when [NewBodies] is given zero: 16 bodies of
// the runtime's 4 MiB limit, or thousands of ordinary requests.
const DefaultMaxBufferedBodyBytes = 64 << 20

// DefaultBodyReadTimeout is how long a request body may take to arrive
// when [Bodies.Admit] is given zero: a 4 MiB body at 140 KB/s.
const DefaultBodyReadTimeout = 30 * time.Second

// Bodies is a budget of request-body bytes that may be buffered at once
// across all requests. A body is charged what it may grow to (its
// Content-Length, or the body limit when the length is unknown) from
// before it is read until its request is done, so a client that sends
// bodies and withholds their last byte holds at most the budget, not a
// body per connection. A request that does not fit is refused 503 with
// Retry-After at once: it has not been read, so refusing costs nothing.
type Bodies struct {
	mu   sync.Mutex
	max  int64 // < 0: no budget
	used int64
	// freed counts the bytes released since memory was last handed back
	// to the operating system, at lastReturn.
	freed      int64
	lastReturn time.Time
}

// returnInterval spaces the hand-backs of memory after bursts of bodies.
const returnInterval = 10 * time.Second

// NewBodies returns a budget of maxBytes (0 → [DefaultMaxBufferedBodyBytes],
// negative → unbounded).
func NewBodies(maxBytes int64) *Bodies {
	if maxBytes == 0 {
		maxBytes = DefaultMaxBufferedBodyBytes
	}
	return &Bodies{max: maxBytes}
}

// Used returns the bytes charged now.
func (b *Bodies) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Admit charges r's body to the budget and gives it a read deadline. It
// returns the request to serve (its body clears the deadline once read, so
// that a long SSE response on the same request is not cut) and release,
// which the caller calls when the request is done; or a 503 refusal to
// write. maxBody is the body limit the server enforces (≤ 0: none):
// a Content-Length over it is charged nothing, as it is refused unread.
// readTimeout 0 → [DefaultBodyReadTimeout], negative → no deadline.
func (b *Bodies) Admit(w http.ResponseWriter, r *http.Request, maxBody int64, readTimeout time.Duration) (*http.Request, func(), error) {
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return r, func() {}, nil
	}
	charge := r.ContentLength
	switch {
	case charge < 0 && maxBody > 0:
		charge = maxBody
	case charge < 0:
		// Neither a length nor a limit: what such a body may grow to is
		// unknown, so it may have the whole budget, alone.
		charge = b.max
	case maxBody > 0 && charge > maxBody:
		charge = 0
	}
	if b.max > 0 {
		b.mu.Lock()
		if b.used > 0 && b.used+charge > b.max {
			b.mu.Unlock()
			return r, nil, protocol.Unavailable(1, "Service Unavailable: too many request bodies in flight")
		}
		b.used += charge
		b.mu.Unlock()
	}
	a := &admitted{b: b, charge: charge}
	if readTimeout == 0 {
		readTimeout = DefaultBodyReadTimeout
	}
	// httpctl, not http.ResponseController: no allocation per request, even
	// on a writer without deadlines.
	if readTimeout > 0 && httpctl.SetReadDeadline(w, time.Now().Add(readTimeout)) == nil {
		a.body, a.w = r.Body, w
		r2 := *r
		r2.Body = (*deadlineBody)(a)
		r = &r2
	}
	return r, a.release, nil
}

// admitted is one admitted request: its charge to the budget and, when its
// writer takes a read deadline, its body.
type admitted struct {
	b        *Bodies
	charge   int64
	released atomic.Bool
	body     io.ReadCloser
	w        http.ResponseWriter
	done     bool // the body has been read to its end or an error
}

func (a *admitted) release() {
	if !a.released.CompareAndSwap(false, true) {
		return
	}
	b := a.b
	if b.max <= 0 {
		return
	}
	b.mu.Lock()
	b.used -= a.charge
	b.freed += a.charge
	burst := b.freed >= b.max/4 && b.used <= b.max/4 && time.Since(b.lastReturn) >= returnInterval
	if burst {
		b.freed, b.lastReturn = 0, time.Now()
	}
	b.mu.Unlock()
	if burst {
		// Go hands freed heap back to the system only after a garbage
		// collection and then gradually; an idle server collects every two
		// minutes. After a burst of large bodies (a quarter of the budget,
		// now mostly released) that would leave the process at its peak
		// size.
		go debug.FreeOSMemory()
	}
}

// deadlineBody is an admitted request's body: it clears the read deadline
// once read. net/http then reads the connection in the background to notice
// a client that goes away, and a deadline left set would end that read, and
// cancel the request, while a stream is still being written. After a
// timeout the deadline stays: net/http's attempt to discard the rest of the
// body before answering then fails at once instead of waiting for the
// client. It is the admission itself, so that admitting costs one
// allocation.
type deadlineBody admitted

func (d *deadlineBody) Read(p []byte) (int, error) {
	n, err := d.body.Read(p)
	if err != nil && !d.done {
		d.done = true
		if !isTimeout(err) {
			httpctl.SetReadDeadline(d.w, time.Time{})
		}
	}
	return n, err
}

func (d *deadlineBody) Close() error { return d.body.Close() }

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
