package mcphttp

import (
	"context"
	"errors"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// lookup returns the session a request names: the one this node holds or,
// with a SessionStore, the one it claims from the store. nil, nil: there is
// none (404, and the client starts a new session).
//
// A session this node holds is checked for its principal first (403: the
// stranger's request touches nothing, not even the record's expiry), then
// for its holder: when another node has claimed it since, this copy closes
// without touching the record and the request claims the session back, so
// that it is served from the newest state and the session has one holder.
func (h *Handler) lookup(r *http.Request, id string) (*sessions.Entry[*session], error) {
	if e := h.sessions.Lookup(id); e != nil {
		s := e.Value
		if h.keeper == nil {
			return e, nil
		}
		if err := s.transport.CheckOwner(r); err != nil {
			return nil, err
		}
		if h.keeper.Touch(&s.link, id, s.transport.State) {
			return e, nil
		}
		s.transport.Close()
	}
	if h.keeper == nil {
		return nil, nil
	}
	who := h.principal(r)
	return h.sessions.Resume(r.Context(), id, who, func() (*sessions.Entry[*session], error) {
		return h.resume(r, id, who)
	})
}

// resume serves a session this node does not hold from the SessionStore:
// another node established it, and may be gone. The claim checks the
// request's principal against the record's and makes this node the
// session's holder in one store step; then a transport established from the
// start, connected to a fresh server with the stored state, lets the client
// carry on without re-initializing.
//
// Answers: nil, nil when the store has no such session, or has a record no
// node can read (logged), so the client re-initializes; 403 for another
// principal's session; 503 with Retry-After when the store does not answer
// in time, which clients retry (a 404 would end a session that may be
// fine).
func (h *Handler) resume(r *http.Request, id, who string) (*sessions.Entry[*session], error) {
	// Requests for the same session wait for this one: its own end must not
	// cut their store call short. The Keeper bounds each call.
	ctx := context.WithoutCancel(r.Context())
	s := &session{drain: h.opts.DrainTimeout, principal: who}
	rec, ok, err := h.keeper.Claim(ctx, &s.link, id, who)
	switch {
	case errors.Is(err, sessionstore.ErrForbidden):
		h.opts.Logger.Debug("mcp: refused a request for another principal's session", "session", id)
		return nil, protocol.SessionForbidden()
	case errors.Is(err, sessionstore.ErrFormat):
		h.opts.Logger.Warn("mcp: session store: refusing a record this node cannot read; its client is told to start a new session", "session", id, "err", err)
		return nil, nil
	case err != nil:
		h.opts.Logger.Warn("mcp: session store: claiming a session", "session", id, "err", err)
		return nil, protocol.Unavailable(1, "Service Unavailable: the session store did not answer")
	case !ok:
		return nil, nil
	}
	e, err := h.sessions.Reserve()
	if err != nil {
		return nil, err
	}
	e.Value = s
	state := rec.State
	t, err := streamable.NewResumedTransport(h.transportOptions(e, nil), id, state, rec.Principal)
	if err != nil {
		// No transport to close: give the room back directly.
		e.Closed()
		return nil, protocol.Internal(err)
	}
	s.transport = t
	if err := h.restoreState(s, r, id, state, rec.Data); err != nil {
		t.Close()
		return nil, protocol.Internal(err)
	}
	if _, err := h.serverFor(r, s).Connect(sessionContext(s), t, &mcp.ServerSessionOptions{State: &state}); err != nil {
		t.Close()
		return nil, protocol.Internal(err)
	}
	if err := e.Establish(id); err != nil {
		// Shut down meanwhile.
		t.Close()
		return nil, err
	}
	h.resumed.Add(1)
	h.opts.Logger.Info("mcp: session resumed from the session store", "session", id, "epoch", rec.Epoch)
	return e, nil
}

// sessionClosed is a session transport's OnClose: the session leaves the
// table and, when it ended for good (the client's DELETE, idleness), its
// record leaves the store — if this node still holds it. A session closed by
// Shutdown, or because another node claimed it, keeps its record, so that
// another node resumes it.
func (h *Handler) sessionClosed(e *sessions.Entry[*session]) {
	e.ClosedThen(func(id string, cause sessions.Cause) {
		if h.keeper != nil && (cause == sessions.CauseDelete || cause == sessions.CauseIdle) {
			h.keeper.Forget(&e.Value.link, id)
		}
	})
}
