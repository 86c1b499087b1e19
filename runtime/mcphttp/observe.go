package mcphttp

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
)

// What a server shows of itself without a debugger: each session's start
// and end, each call on the stateless leg and each refusal are logged at
// Info (Warn for a refusal that is the server's failure), and counted in
// [Stats], so a server serving only 2026-07-28 clients, which open no
// sessions, still shows its traffic at /debug/vars.

// counters are the handler's own counts beside the session table's.
type counters struct {
	modernCalls atomic.Int64
	refused     atomic.Int64
}

// observeSessions logs each session's start and end, keeping the hooks
// already set.
func (h *Handler) observeSessions(hooks *sessions.Hooks) {
	established, closed := hooks.Established, hooks.Closed
	hooks.Established = func(id string) {
		h.opts.Logger.Info("mcp: session started", "session", id)
		if established != nil {
			established(id)
		}
	}
	hooks.Closed = func(id string, cause sessions.Cause) {
		h.opts.Logger.Info("mcp: session ended", "session", id, "cause", cause.String())
		if closed != nil {
			closed(id, cause)
		}
	}
}

// modernCall counts and logs a request handed to the stateless leg.
func (h *Handler) modernCall(r *http.Request) {
	h.counts.modernCalls.Add(1)
	if h.opts.Logger.Enabled(context.Background(), slog.LevelInfo) {
		h.opts.Logger.Info("mcp: call", "version", r.Header.Get(protocol.HeaderProtocolVersion),
			"method", r.Header.Get(protocol.HeaderMethod), "name", r.Header.Get(protocol.HeaderName))
	}
}

// refuse answers err as a JSON-RPC error with request id id, counting and
// logging it.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, id any, err error) {
	h.counts.refused.Add(1)
	e := protocol.AsError(err)
	level := slog.LevelInfo
	if e.Internal() {
		level = slog.LevelWarn
	}
	if h.opts.Logger.Enabled(context.Background(), level) {
		h.opts.Logger.Log(context.Background(), level, "mcp: refused", "status", e.Status, "code", e.Code, "message", e.Message,
			"http_method", r.Method, "session", r.Header.Get(protocol.HeaderSessionID))
	}
	protocol.WriteError(w, id, e)
}
