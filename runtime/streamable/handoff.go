package streamable

import (
	"context"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Handoff is Drain for a session that lives on elsewhere: a node shutting
// down whose sessions another node resumes from a shared session store.
// It drains as Drain does, but a request that reaches this copy from now
// on — one the node took just before it stopped taking requests — is
// answered 503 with Retry-After rather than 404, so that the client (or a
// load balancer that retries 503) sends it again and it is served by the
// node that resumes the session, instead of the client dropping a session
// that is fine.
func (t *Transport) Handoff(ctx context.Context) error {
	t.mu.Lock()
	t.handoff = true
	t.mu.Unlock()
	return t.Drain(ctx)
}

// goneLocked is the answer to a request that reaches a closed or draining
// transport. t.mu is held.
func (t *Transport) goneLocked() error {
	if t.handoff {
		return protocol.Unavailable(1, "Service Unavailable: this node is shutting down; the session moves to another")
	}
	return protocol.SessionNotFound()
}
