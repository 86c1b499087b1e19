package mcphttp

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// resume serves a session this node does not hold from the SessionStore:
// another node established it, and may be gone. Its transport is
// established from the start and a fresh server is connected with the stored
// state, so the client carries on without re-initializing. nil, nil: the
// store does not have it either (404). A store that does not answer is 503,
// which clients retry, rather than 404, which would end the session.
func (h *Handler) resume(r *http.Request, id string) (*sessions.Entry[*session], error) {
	h.resumeMu.Lock()
	defer h.resumeMu.Unlock()
	if e := h.sessions.Lookup(id); e != nil {
		// Resumed by a request that held resumeMu before this one.
		return e, nil
	}
	state, ok, err := h.keeper.Load(r.Context(), id)
	if err != nil {
		h.opts.Logger.Warn("mcp: session store: loading a session", "session", id, "err", err)
		return nil, protocol.Unavailable(1, "Service Unavailable: the session store did not answer")
	}
	if !ok {
		return nil, nil
	}
	e, err := h.sessions.Reserve()
	if err != nil {
		return nil, err
	}
	s := &session{drain: h.opts.DrainTimeout}
	e.Value = s
	t, err := streamable.NewResumedTransport(h.transportOptions(e), id, state)
	if err != nil {
		// No transport to close: give the room back directly.
		e.Closed()
		return nil, protocol.Internal(err)
	}
	s.transport = t
	if _, err := h.sessionServer().Connect(context.Background(), t, &mcp.ServerSessionOptions{State: &state}); err != nil {
		t.Close()
		return nil, protocol.Internal(err)
	}
	if err := e.Establish(id); err != nil {
		// Shut down meanwhile.
		t.Close()
		return nil, err
	}
	h.keeper.Resumed(&s.link)
	h.resumed.Add(1)
	h.opts.Logger.Info("mcp: session resumed from the session store", "session", id)
	return e, nil
}
