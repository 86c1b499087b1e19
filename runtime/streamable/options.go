package streamable

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxBodyBytes is the body limit used when [Options.MaxBodyBytes] is
// zero: the runtime's one limit, [edge.DefaultMaxBodyBytes] (go-sdk's
// StreamableHTTPHandler default too).
const DefaultMaxBodyBytes = edge.DefaultMaxBodyBytes

// DefaultRetryInterval is the SSE retry field sent with priming events when
// [Options.RetryInterval] is zero.
const DefaultRetryInterval = time.Second

// DefaultWriteTimeout is the deadline of one write to a client's stream
// when [Options.WriteTimeout] is zero: long enough for a slow network to
// take a large message, short enough that a client that stopped reading
// is noticed.
const DefaultWriteTimeout = 10 * time.Second

// DefaultKeepaliveInterval is the keepalive interval when
// [Options.KeepaliveInterval] is zero: shorter than the idle timeouts of
// common proxies (60 s and up).
const DefaultKeepaliveInterval = 25 * time.Second

// DefaultMaxStreams is the per-session stream cap when [Options.MaxStreams]
// is zero: ample for a client's concurrent calls, small enough that a
// session cannot pin thousands of requests.
const DefaultMaxStreams = 64

// DefaultDrainTimeout is how long a DELETE waits for the session's
// requests in flight when [Options.DrainTimeout] is zero.
const DefaultDrainTimeout = 5 * time.Second

// maxQueued bounds the server→client messages kept for a client that has no
// stream open; beyond it a write fails (and is logged) rather than growing
// without limit.
const maxQueued = 1024

// Options configures a [Transport]. The zero value is a stateless transport
// with a 4 MiB body limit and DNS-rebinding protection for loopback
// listeners.
type Options struct {
	// SessionIDGenerator mints the session id on a successful initialize.
	// Ids must be visible ASCII (0x21–0x7E); [RandomSessionID] is a good
	// default. nil makes the transport stateless: no id is minted or echoed,
	// GET and DELETE are answered 405.
	SessionIDGenerator func() (string, error)

	// CloseOnRefusedHandshake declares that this transport exists for one
	// expected initialize (the per-handshake session-map recipe): its first
	// completed request either establishes the session or closes the
	// transport, so OnClose runs and the connected server session ends.
	// Leave it off for a long-lived endpoint that must survive a client's
	// pre-session probe. Stateless transports never close on refusals.
	CloseOnRefusedHandshake bool

	// OnSessionInitialized runs after the session id is assigned and before
	// the initialize is answered. An error (or panic) rolls the handshake
	// back: the client gets 500 / -32603 without Mcp-Session-Id.
	OnSessionInitialized func(ctx context.Context, sessionID string) error

	// OnClose runs exactly once when the transport closes (DELETE, Close,
	// the server session ending, or a refused handshake). sessionID is the
	// last id handed to OnSessionInitialized, even when that handshake was
	// rolled back, so that a map keyed by it is cleaned up; "" if none was.
	// Only the last: with CloseOnRefusedHandshake off, a rolled-back
	// handshake can be followed by another on the same transport under a
	// new id, and an entry stored under the earlier id is the hook's to
	// replace (that id is answered 404 from the rollback on).
	OnClose func(sessionID string)

	// OnStateChange receives the session's go-sdk state whenever it changes
	// once established: when the server accepts initialize (before the
	// answer goes out, so a session store holds the session before the
	// client knows its id), on notifications/initialized, and when the
	// server accepts logging/setLevel. Calls are serialised and each carries
	// the state as it is when the call runs. A session store keeps it so
	// that another node can resume the session ([NewResumedTransport]).
	// The pointers in state are shared and must not be modified.
	OnStateChange func(sessionID string, state mcp.ServerSessionState)

	// Principal names the caller of a request: the user a session belongs
	// to. The principal of the handshake that establishes the session is
	// recorded, and a later POST, GET or DELETE naming the session under
	// another principal — or none, where one was recorded — is answered
	// 403 / -32000 before anything of the session is touched. nil means
	// [TokenPrincipal]: go-sdk's TokenInfo.UserID, set by
	// auth.RequireBearerToken. A session established without a principal
	// ("") is anyone's.
	Principal func(r *http.Request) string

	// JSONResponse answers requests with application/json instead of an SSE
	// stream. Server notifications and requests then travel on the
	// standalone GET stream.
	JSONResponse bool

	// EventStore makes SSE streams resumable (Last-Event-ID) and enables the
	// priming event of protocol revision 2025-11-25.
	EventStore EventStore

	// RetryInterval is the SSE retry field sent with priming events and when
	// a handler closes its stream early (0 → [DefaultRetryInterval]).
	RetryInterval time.Duration

	// AllowedHosts, when set, lists the Host values (with or without port)
	// the transport serves; anything else is 403. When empty, a request that
	// arrived on a loopback address must name a loopback host.
	AllowedHosts []string

	// AllowedOrigins, when set, lists the Origin values allowed to send
	// requests. When empty, a request that arrived on a loopback address and
	// carries an Origin must come from a loopback origin. Requests without an
	// Origin header (non-browser clients) are never refused for it.
	AllowedOrigins []string

	// WriteTimeout bounds each write to a client's stream: a client that
	// does not take what the server sends within it loses that stream (its
	// other requests and the session are unaffected), so no server
	// goroutine waits on a client that stopped reading (0 →
	// [DefaultWriteTimeout], negative → no deadline).
	WriteTimeout time.Duration

	// KeepaliveInterval is how often an event stream with nothing to send
	// gets an SSE comment: the failing write ends the stream of a client
	// that vanished without closing its connection even when the server is
	// silent, and proxies do not cut a quiet stream as idle (0 →
	// [DefaultKeepaliveInterval], negative → none).
	KeepaliveInterval time.Duration

	// MaxStreams caps the streams of the session open at once: requests
	// whose answer is still being streamed (or awaited, in JSON mode) plus
	// the GET stream. One more is refused 429 with Retry-After, so one
	// client cannot hold unbounded requests open on its session (0 →
	// [DefaultMaxStreams], negative → no cap).
	MaxStreams int

	// DrainTimeout bounds how long a DELETE waits for the session's
	// requests in flight to be answered before it closes the session
	// anyway (0 → [DefaultDrainTimeout], negative → no wait: they are cut).
	// Requests arriving during the wait are answered 404.
	DrainTimeout time.Duration

	// MaxBodyBytes limits a POST body: 0 → [DefaultMaxBodyBytes], negative →
	// no limit. A larger body is answered 413.
	MaxBodyBytes int64

	// Logger receives refusals at debug level and failures at warn/error
	// level. nil discards.
	Logger *slog.Logger
}
