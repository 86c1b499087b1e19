package mcphttp

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveLegacy routes a request of the sessionful era: a known session id to
// its transport, an unknown one to the SessionStore or 404, a handshake to a
// new session.
func (h *Handler) serveLegacy(w http.ResponseWriter, r *http.Request, res classify.Result) {
	if res.SessionID != "" {
		e, err := h.lookup(r, res.SessionID)
		if err != nil {
			h.refuse(w, r, res.ID, err)
			return
		}
		if e == nil {
			// 404 tells the client to start a new session.
			h.refuse(w, r, res.ID, protocol.SessionNotFound())
			return
		}
		h.serveSession(w, r, e)
		return
	}
	if !res.IsInitialize {
		h.refuse(w, r, res.ID, refuseSessionless(r, res))
		return
	}
	h.handshake(w, r, res)
}

// refuseSessionless is the answer to a legacy request that names no session
// and is not an initialize.
func refuseSessionless(r *http.Request, res classify.Result) *protocol.Error {
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodPost && r.Method != http.MethodDelete:
		return protocol.MethodNotAllowed(r.Method, http.MethodGet, http.MethodPost, http.MethodDelete)
	case res.Reason == classify.ReasonNotJSON:
		return protocol.ParseError(nil)
	case res.Batch && batchHasInitialize(res.Payload):
		return protocol.InvalidRequest("Invalid Request: initialize must not be part of a batch")
	}
	return protocol.BadRequest("Bad Request: Mcp-Session-Id header is required")
}

// batchHasInitialize reports whether a batch, as the classifier decoded it,
// holds an initialize request.
func batchHasInitialize(p *edge.Payload) bool {
	if p == nil {
		return false
	}
	for _, m := range p.Messages {
		if m.Request != nil && m.Request.Method == "initialize" {
			return true
		}
	}
	return false
}

// serveSession hands a request to an established session's transport,
// keeping the idle timer and the DELETE accounting.
func (h *Handler) serveSession(w http.ResponseWriter, r *http.Request, e *sessions.Entry[*session]) {
	s := e.Value
	if r.Method != http.MethodGet {
		// A GET stream is not activity: a client may hold one open for
		// ever, and the session would never be idle. It ends when the
		// session expires; a live client shows itself with its calls.
		// A close while a DELETE is in flight is counted as the client's.
		deleting := r.Method == http.MethodDelete
		e.Begin(deleting)
		defer e.End(deleting)
	}
	s.transport.ServeHTTP(w, r)
	if r.Method == http.MethodPost {
		h.saveState(s)
	}
}

// handshake serves an initialize that names no session on a transport of
// its own, connected to a fresh server (or the shared one). The transport
// closes itself if the handshake is refused (CloseOnRefusedHandshake), which
// ends the server session, so a refused handshake leaves nothing behind.
func (h *Handler) handshake(w http.ResponseWriter, r *http.Request, res classify.Result) {
	// Cheap refusals first: a handshake the transport would refuse before
	// its server has a say (a foreign Host or Origin, Accept, Content-Type,
	// an MCP-Protocol-Version that names no session revision, an initialize
	// without an id or with params of the wrong type) is answered with the
	// transport's own answer before a server is built for it, at a fraction
	// of the cost (docs/protocol.md, "Refusals").
	if id, err := streamable.CheckHandshake(r, res.Payload, h.opts.AllowedHosts, h.opts.AllowedOrigins); err != nil {
		h.sessions.RefuseHandshake()
		h.refuse(w, r, id, err)
		return
	}
	e, err := h.sessions.Reserve()
	if err != nil {
		// 503: shutting down, or MaxSessions reached.
		h.refuse(w, r, res.ID, err)
		return
	}
	s := &session{drain: h.opts.DrainTimeout, principal: h.principal(r)}
	e.Value = s
	opts := h.transportOptions(e, r)
	opts.SessionIDGenerator = h.newID
	opts.CloseOnRefusedHandshake = true
	opts.OnSessionInitialized = func(_ context.Context, id string) error {
		return e.Establish(id)
	}
	s.transport = streamable.NewTransport(opts)
	e.Begin(false)
	// Counted accepted if the session is open when the handshake ends.
	defer e.EndHandshake()
	// The session outlives this request, so it is not bound to its context.
	// Nothing waits for the server session: when it ends, the transport
	// closes and its OnClose takes the session out of the table.
	if _, err := h.serverFor(r, s).Connect(sessionContext(s), s.transport, nil); err != nil {
		s.transport.Close()
		h.refuse(w, r, res.ID, protocol.Internal(err))
		return
	}
	s.transport.ServeHTTP(w, r)
}

// transportOptions are the options of every session transport of e, made
// by a handshake (r is its request, which builds the session's state) or
// resumed (r is nil: the state is restored before the transport serves).
func (h *Handler) transportOptions(e *sessions.Entry[*session], r *http.Request) streamable.Options {
	s := e.Value
	opts := streamable.Options{
		AllowedHosts:   h.opts.AllowedHosts,
		AllowedOrigins: h.opts.AllowedOrigins,
		DrainTimeout:   h.opts.DrainTimeout,
		EventStore:     h.opts.EventStore,
		JSONResponse:   h.opts.JSONResponse,
		Logger:         h.opts.Logger,
		MaxBodyBytes:   h.opts.MaxBodyBytes,
		MaxStreams:     h.opts.MaxStreams,
		OnClose: func(id string) {
			// Exactly once, however the session ends: its state is
			// released, then it leaves the table (and Shutdown, waiting
			// for the table, returns after every state is released).
			h.endState(s, id)
			h.releaseServer(s)
			h.sessionClosed(e)
		},
		Principal:    h.opts.Principal,
		WriteTimeout: h.opts.WriteTimeout,
	}
	build := h.opts.State != nil && r != nil
	if h.keeper != nil || build {
		opts.OnStateChange = func(id string, state mcp.ServerSessionState) {
			if build {
				// The first call: the server has accepted the handshake.
				// Calls are serialised, so build is read by one at a time.
				build = false
				if !h.buildState(s, r, id, state.InitializeParams) {
					return
				}
				r = nil // not kept for the session's lifetime
			}
			if h.keeper != nil {
				// The store holds the session before its client knows the
				// id, and follows the initialized notification and the log
				// level.
				s.link.Own(s.transport.Principal())
				h.keeper.Save(&s.link, id, state)
			}
		}
	}
	return opts
}
