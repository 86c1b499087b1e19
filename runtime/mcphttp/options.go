package mcphttp

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Mode selects which protocol eras a [Handler] serves.
type Mode uint8

const (
	// Hybrid serves both eras on one endpoint: 2026-07-28 requests
	// statelessly through go-sdk, everything else through sessions. It is
	// the zero Mode.
	Hybrid Mode = iota
	// Legacy serves sessions only (2025-03-26 … 2025-11-25); a 2026-07-28
	// request is refused as an unsupported revision (-32022), so that a
	// client probing for it falls back to initialize.
	Legacy
	// Modern serves every request statelessly (2026-07-28); there are no
	// sessions.
	Modern
)

// String returns the mode's name as mcpgen's --mode flag spells it.
func (m Mode) String() string {
	switch m {
	case Hybrid:
		return "hybrid"
	case Legacy:
		return "legacy"
	case Modern:
		return "modern"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

func (m Mode) sessions() bool { return m != Modern }
func (m Mode) modern() bool   { return m != Legacy }

// DefaultDrainTimeout is how long a session that is closing waits for its
// calls in flight when [Options.DrainTimeout] is zero: long enough for a
// typical tool call to finish, short enough that an idle close or a DELETE
// does not hold a stuck call for ever.
const DefaultDrainTimeout = 5 * time.Second

// Options configures a [Handler]. The zero value is safe on a network:
// every limit a client could exhaust has a finite default; SSE responses, no
// event store, the Host checked for loopback listeners, browsers limited to
// same-origin (loopback origins on a loopback listener), and no logging.
type Options struct {
	// Mode selects the eras served; the zero value is Hybrid.
	Mode Mode
	// MaxSessions caps open sessions plus handshakes in progress; a new
	// handshake beyond it is refused 503 with Retry-After. Zero: 1000
	// (sessions.DefaultMaxSessions), negative: no cap.
	MaxSessions int
	// IdleTimeout closes a session that has had no call in flight for this
	// long; an open GET stream alone does not keep it. Zero: 10 minutes
	// (sessions.DefaultIdleTimeout), negative: never.
	IdleTimeout time.Duration
	// DrainTimeout bounds how long a session closed by IdleTimeout or by its
	// client's DELETE waits for its calls in flight to be answered before it
	// closes anyway. Zero: [DefaultDrainTimeout] (5 s), negative: no wait
	// (calls in flight are cut). Shutdown waits as long as its context.
	DrainTimeout time.Duration
	// SharedServer connects every session to one *mcp.Server, made once by
	// newServer, instead of a new one per session: go-sdk servers serve many
	// sessions, and a session then costs its transport and its ServerSession
	// only (about 11 KiB less). Safe when the server is session-agnostic: its
	// tools, prompts and resources keep no state of one client's that another
	// must not see (per-client state belongs in the session's own state or
	// in req.Session), and nothing changes the server for one
	// session (a tool added then reaches every session, each notified of the
	// change). False: a server per session, isolated, as each session's own.
	SharedServer bool
	// JSONResponse answers requests with one application/json body instead
	// of an SSE stream.
	JSONResponse bool
	// EventStore makes session streams resumable (Last-Event-ID); nil
	// disables resumption.
	EventStore streamable.EventStore
	// WriteTimeout bounds each write to a session's stream: a client that
	// stops reading loses that stream, never its session or the server's
	// goroutines. Zero: the runtime's default (10 s), negative: none.
	WriteTimeout time.Duration
	// MaxStreams caps the streams one session holds open at once (calls in
	// flight plus its GET stream); beyond it 429. Zero: the runtime's
	// default (64), negative: no cap.
	MaxStreams int
	// NodeID names this node in a deployment of more than one: session ids
	// become "<NodeID>.<random>", so that a load balancer routes each
	// session's requests to the node holding it (deploy/haproxy). Empty: ids
	// carry no node key. NewHandler panics on an invalid one (see
	// streamable.ValidNodeID).
	NodeID string
	// SessionStore keeps each established session's state where the other
	// nodes read it: a request for a session this node does not hold is
	// resumed from the store instead of answered 404, so sessions survive the
	// loss of their node. nil: sessions live and die with this process.
	SessionStore sessionstore.Store
	// SessionTTL is how long a stored session lives past its last use;
	// every request of a session refreshes it in the same store call that
	// checks this node still holds the session. Zero:
	// IdleTimeout, or an hour without one.
	SessionTTL time.Duration
	// AllowedHosts and AllowedOrigins are DNS-rebinding allowlists. Empty:
	// a request that arrived on a loopback address must name a loopback host.
	AllowedHosts   []string
	AllowedOrigins []string
	// MaxListenStreams caps the 2026-07-28 subscriptions/listen streams open
	// at once; one more is refused 503 with Retry-After. Zero: 1000
	// (limits.DefaultMaxListenStreams), negative: no cap.
	MaxListenStreams int
	// MaxBodyBytes limits a request body: zero is the runtime's default
	// (4 MiB), negative is no limit.
	MaxBodyBytes int64
	// MaxBufferedBodyBytes is the budget of request-body bytes read at once
	// across all requests, each body charged its Content-Length (or
	// MaxBodyBytes) until its request ends; a request beyond it is refused
	// 503 with Retry-After before its body is read, so clients sending bodies
	// slowly cannot hold a body per connection. Zero: 64 MiB, negative: no
	// budget.
	MaxBufferedBodyBytes int64
	// BodyReadTimeout is how long one request body may take to arrive
	// (a read deadline per request, cleared once the body is read, so that
	// SSE responses are not cut). Zero: 30 s, negative: none.
	BodyReadTimeout time.Duration
	// Principal names who sends a request: the authenticated user a session
	// belongs to, handed to the State's constructor. nil: the UserID of
	// go-sdk's auth.TokenInfo in the request's context (set by
	// auth.RequireBearerToken), "" when there is none.
	Principal func(*http.Request) string
	// TenantServer, when set, connects each session to the server of its
	// tenant (see Tenant) instead of newServer's: the sessions of one tenant
	// share one *mcp.Server, made by TenantServer when the tenant's first
	// session opens or resumes and dropped after its last one ends, so that
	// a tenant's tools and data never reach another's sessions. It takes
	// precedence over SharedServer for sessions; the stateless leg of Hybrid
	// mode, which has no principal to go by, still serves from newServer's
	// server.
	TenantServer func(tenant string) *mcp.Server
	// Tenant names the tenant of a session from the request that opens or
	// resumes it and its principal. nil: the principal, a server per
	// principal.
	Tenant func(r *http.Request, principal string) string
	// State builds, closes, saves and restores each session's own state: a
	// *[State] of the state's type. nil: sessions carry none. mcpgen's
	// generated wiring sets it from a type declared in the user's package.
	State StateHooks
	// Logger receives the handler's and the transports' logs; nil discards
	// them.
	Logger *slog.Logger
}

// Stats is a snapshot of a [Handler]'s session counters.
type Stats struct {
	// OpenSessions is the number of sessions open now.
	OpenSessions int `json:"open_sessions"`
	// HandshakesAccepted and HandshakesRefused count initialize requests
	// that did and did not establish a session.
	HandshakesAccepted int64 `json:"handshakes_accepted"`
	HandshakesRefused  int64 `json:"handshakes_refused"`
	// ClosedByDelete, ClosedByIdle and ClosedByShutdown count sessions
	// ended by the client's DELETE, by IdleTimeout, and by Shutdown.
	ClosedByDelete   int64 `json:"closed_by_delete"`
	ClosedByIdle     int64 `json:"closed_by_idle"`
	ClosedByShutdown int64 `json:"closed_by_shutdown"`
	// SessionsResumed counts sessions another node established that this one
	// resumed from the SessionStore.
	SessionsResumed int64 `json:"sessions_resumed"`
	// ModernCalls counts requests served on the stateless leg (2026-07-28),
	// which opens no session.
	ModernCalls int64 `json:"modern_calls"`
	// Refused counts requests the handler answered with an error of its
	// own (before a session or the stateless leg saw them): unknown
	// sessions, refused handshakes, bad headers, shutting down.
	Refused int64 `json:"refused"`
}
