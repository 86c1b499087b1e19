package mcphttp

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// serveModern hands a request to the stateless leg unless checkModern
// refuses it; id is the request's JSON-RPC id for the refusal.
func (h *Handler) serveModern(w http.ResponseWriter, r *http.Request, id any) {
	if err := h.checkModern(r); err != nil {
		h.refuse(w, r, id, err)
		return
	}
	if r.Header.Get(protocol.HeaderMethod) == "subscriptions/listen" {
		// A listen stream is held for as long as the client likes: counted
		// and capped, as session streams are. go-sdk checks that the header
		// matches the body.
		if n := h.listening.Add(1); h.opts.MaxListenStreams > 0 && n > int64(h.opts.MaxListenStreams) {
			h.listening.Add(-1)
			h.refuse(w, r, id, protocol.Unavailable(1, "Service Unavailable: too many subscriptions/listen streams"))
			return
		}
		defer h.listening.Add(-1)
		// Shutdown ends the stream: it would otherwise hold
		// http.Server.Shutdown until its timeout.
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		defer context.AfterFunc(h.listenCtx, cancel)()
		r = r.WithContext(ctx)
	}
	// go-sdk answers some refusals with http.Error's plain text: they go
	// out as JSON-RPC errors, as on the session leg.
	h.modernCall(r)
	jw, finish := protocol.JSONErrors(w, id)
	defer finish()
	h.modern.ServeHTTP(jw, r)
}

// checkModern refuses what the stateless leg must not serve: a Host or
// Origin the session transports refuse too (403), in Modern mode a method
// other than POST (405: 2026-07-28 has no GET stream and no sessions to
// delete; in Hybrid mode only single-message POSTs are classified modern),
// and a POST whose Accept or Content-Type the transport cannot answer (406,
// 415).
func (h *Handler) checkModern(r *http.Request) error {
	// The Host and Origin rule of the session transports (docs/protocol.md).
	if err := edge.CheckHostOrigin(r, h.opts.AllowedHosts, h.opts.AllowedOrigins); err != nil {
		return err
	}
	if h.opts.Mode == Modern && r.Method != http.MethodPost {
		return protocol.MethodNotAllowed(r.Method, http.MethodPost)
	}
	return protocol.CheckPOSTHeaders(r)
}
