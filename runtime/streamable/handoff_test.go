package streamable_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// A session handed off by a node shutting down answers a late request 503
// with Retry-After (retry: another node resumes it), where a drained or
// deleted one answers 404 (gone).
func TestHandoffAnswersLateRequests503(t *testing.T) {
	for _, handoff := range []bool{true, false} {
		m := newSessionMap(newServer(), streamable.Options{})
		id := establish(t, m)
		m.mu.Lock()
		tr := m.sessions[id]
		m.mu.Unlock()
		if handoff {
			tr.Handoff(context.Background())
		} else {
			tr.Drain(context.Background())
		}
		// The map forgot it on close; the request reaches the transport as
		// one the node took just before.
		for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
			body := ""
			if method == http.MethodPost {
				body = listBody(2)
			}
			w := serve(tr, request(method, body, protocol.HeaderSessionID, id))
			want := http.StatusNotFound
			if handoff {
				want = http.StatusServiceUnavailable
			}
			if w.Code != want || (handoff && w.Header().Get("Retry-After") == "") {
				t.Errorf("handoff %v, %s after the close: %d (Retry-After %q), want %d", handoff, method, w.Code, w.Header().Get("Retry-After"), want)
			}
		}
	}
}
