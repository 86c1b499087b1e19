package mcphttp

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/limits"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/stateless"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handler serves one MCP endpoint over Streamable HTTP in the [Mode] of its
// options. In Hybrid mode a 2026-07-28 request is served statelessly (by
// runtime/stateless, or go-sdk's StreamableHTTPHandler behind it); a legacy
// initialize gets its own session transport and a fresh server from the
// factory (or the shared one, with SharedServer); a request naming a session
// goes to that session's transport. Legacy mode keeps the sessions only and
// Modern mode the stateless leg only.
type Handler struct {
	newServer func() *mcp.Server
	opts      Options
	bodies    *limits.Bodies // the MaxBufferedBodyBytes budget

	modern    http.Handler // the stateless leg; nil in Legacy mode
	listening atomic.Int64 // subscriptions/listen streams open
	// listenCtx is cancelled by Shutdown, which ends the listen streams.
	listenCtx    context.Context
	endListening context.CancelFunc

	closed atomic.Bool // set by Shutdown; every request after it is refused
	server *mcp.Server // every session's, with SharedServer; else nil
	// sessions maps session ids to the legacy sessions and keeps their
	// mechanics: room reserved against MaxSessions, idle timers, close
	// counts, and a Shutdown that waits for every session to end.
	sessions *sessions.Table[*session]
	resumed  atomic.Int64
	counts   counters // observe.go

	newID func() (string, error) // mints session ids (NodeID)
	// keeper links the sessions to SessionStore (nil without one).
	keeper *sessionstore.Keeper

	// live holds the sessions whose state is built, by id, for States.
	live sync.Map
	// tenants holds the servers of TenantServer, by tenant.
	tenants tenants
}

// session is one legacy session: its transport and its record in the
// SessionStore.
type session struct {
	transport *streamable.Transport
	link      sessionstore.Link // its record in SessionStore
	drain     time.Duration     // the handler's DrainTimeout
	principal string            // of the request that opened or resumed it
	state     sessionState      // the session's own state (Options.State)
	tenant    string            // whose server it is connected to (TenantServer)
	hasTenant bool              // it holds a server of tenants
}

// Close drains the session: its GET stream ends cleanly, its calls in
// flight are answered (for at most DrainTimeout), then the transport
// closes. The session table calls it when the session has been idle for
// IdleTimeout.
func (s *session) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), max(s.drain, 0))
	defer cancel()
	return s.transport.Drain(ctx)
}

// NewHandler returns a Handler that takes its servers from newServer, which
// must return a new, fully configured *mcp.Server on every call. In Hybrid
// mode one serves each session (or all of them, with SharedServer), and one
// is made up front for the stateless leg; in Legacy mode one serves each
// session, or one made up front serves all of them with SharedServer; in
// Modern mode newServer is called once and its server serves every request.
func NewHandler(newServer func() *mcp.Server, opts Options) *Handler {
	h := &Handler{
		bodies:    limits.NewBodies(opts.MaxBufferedBodyBytes),
		newServer: newServer,
		opts:      opts,
	}
	if h.opts.Logger == nil {
		h.opts.Logger = slog.New(slog.DiscardHandler)
	}
	if h.opts.MaxListenStreams == 0 {
		h.opts.MaxListenStreams = limits.DefaultMaxListenStreams
	}
	if h.opts.DrainTimeout == 0 {
		h.opts.DrainTimeout = DefaultDrainTimeout
	}
	h.listenCtx, h.endListening = context.WithCancel(context.Background())
	if opts.Mode.sessions() {
		h.initSessions()
	}
	if opts.Mode.modern() {
		// The stateless leg keeps no state between requests, so one server
		// serves all of them.
		server := newServer()
		// A request classified modern is served from the server directly
		// when runtime/stateless can answer it exactly as go-sdk's stateless
		// handler would, without that handler's second read and decodes; the
		// rest goes to go-sdk's handler.
		h.modern = stateless.New(server, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
			return server
		}, &mcp.StreamableHTTPOptions{
			JSONResponse:        opts.JSONResponse,
			Logger:              h.opts.Logger,
			MaxRequestBodyBytes: opts.MaxBodyBytes,
			Stateless:           true,
		}), stateless.Options{
			JSONResponse: opts.JSONResponse,
			Logger:       h.opts.Logger,
		})
		if opts.SharedServer {
			// The stateless leg's server serves the sessions too.
			h.server = server
		}
	} else if opts.SharedServer {
		h.server = newServer()
	}
	return h
}

// initSessions sets up the session table, the id generator and the link to
// the SessionStore.
func (h *Handler) initSessions() {
	// Finite by default: without them one client opening sessions exhausts
	// the process.
	if h.opts.MaxSessions == 0 {
		h.opts.MaxSessions = sessions.DefaultMaxSessions
	}
	if h.opts.IdleTimeout == 0 {
		h.opts.IdleTimeout = sessions.DefaultIdleTimeout
	}
	h.newID = streamable.RandomSessionID
	if h.opts.NodeID != "" {
		gen, err := streamable.NodeSessionIDs(h.opts.NodeID)
		if err != nil {
			panic("mcphttp: Options.NodeID: " + err.Error())
		}
		h.newID = gen
	}
	table := sessions.Options{
		IdleTimeout: h.opts.IdleTimeout,
		MaxSessions: h.opts.MaxSessions,
	}
	if h.opts.SessionStore != nil {
		ttl := h.opts.SessionTTL
		if ttl <= 0 {
			ttl = h.opts.IdleTimeout
		}
		store := h.opts.SessionStore
		if h.opts.State != nil {
			// Records carry the sessions' own state.
			store = &dataStore{Store: store, h: h}
		}
		h.keeper = sessionstore.NewKeeper(store, h.opts.NodeID, ttl, h.opts.Logger)
	}
	h.observeSessions(&table.Hooks)
	h.sessions = sessions.New[*session](table)
}

// ServeHTTP implements [http.Handler].
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.closed.Load() {
		h.refuse(w, r, nil, protocol.Unavailable(1, "Service Unavailable: the server is shutting down"))
		return
	}
	// Charged before anything reads the body: refusing beyond the budget
	// costs nothing.
	r, release, err := h.bodies.Admit(w, r, h.opts.MaxBodyBytes, h.opts.BodyReadTimeout)
	if err != nil {
		h.refuse(w, r, nil, err)
		return
	}
	defer release()
	if h.opts.Mode == Modern {
		h.serveModern(w, r, nil)
		return
	}
	// The classifier reads the body once and hands back a request whose
	// body reads the same bytes.
	r, res, err := classify.Classify(r, h.opts.MaxBodyBytes)
	if err != nil {
		// Answered below as a Reject; logged apart from bodies that are not
		// JSON.
		h.opts.Logger.Debug("mcp: unreadable request body", "err", err)
	}
	switch res.Leg {
	case classify.Reject:
		if h.opts.Mode == Legacy && res.Err.Code == protocol.CodeUnsupportedProtocolVersion {
			// The classifier lists the sessionless revisions; this endpoint
			// serves the session ones.
			h.refuse(w, r, res.ID, protocol.UnsupportedProtocolVersion(res.Version, protocol.SessionVersions))
			return
		}
		h.refuse(w, r, res.ID, res.Err)
	case classify.Modern:
		if h.opts.Mode == Legacy {
			// Sessions only: refuse the sessionless revision the way a
			// client's version probe expects, listing the revisions served.
			h.refuse(w, r, res.ID, protocol.UnsupportedProtocolVersion(res.Version, protocol.SessionVersions))
			return
		}
		h.serveModern(w, r, res.ID)
	default:
		h.serveLegacy(w, r, res)
	}
}

// Shutdown refuses new requests (503), ends the subscriptions/listen streams
// and drains every session: its GET stream ends cleanly, its calls in flight
// are answered, then it closes. It waits until every session has closed with
// no call in flight, or ctx is done (which cuts what is still in flight).
// Call it before http.Server.Shutdown: open SSE streams would otherwise keep
// that waiting. A session closed by Shutdown keeps its record in the
// SessionStore, so that another node resumes it.
func (h *Handler) Shutdown(ctx context.Context) error {
	h.closed.Store(true)
	h.endListening()
	if h.sessions == nil {
		// The stateless leg keeps no sessions: calls in flight finish under
		// http.Server.Shutdown.
		return nil
	}
	// Drained concurrently: each session waits for its own calls in flight.
	return h.sessions.Shutdown(ctx, func(ctx context.Context, s *session) {
		s.transport.Drain(ctx)
	})
}

// Stats returns a snapshot of the counters; the session counters are
// always zero in Modern mode, which keeps no sessions.
func (h *Handler) Stats() Stats {
	if h.sessions == nil {
		return Stats{ModernCalls: h.counts.modernCalls.Load(), Refused: h.counts.refused.Load()}
	}
	st := h.sessions.Stats()
	return Stats{
		ModernCalls:        h.counts.modernCalls.Load(),
		Refused:            h.counts.refused.Load(),
		ClosedByDelete:     st.ClosedByDelete,
		ClosedByIdle:       st.ClosedByIdle,
		ClosedByShutdown:   st.ClosedByShutdown,
		HandshakesAccepted: st.HandshakesAccepted,
		HandshakesRefused:  st.HandshakesRefused,
		OpenSessions:       st.Open,
		SessionsResumed:    h.resumed.Load(),
	}
}
