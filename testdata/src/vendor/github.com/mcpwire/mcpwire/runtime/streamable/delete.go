package streamable

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// serveDELETE terminates the session. Of concurrent DELETEs exactly one
// closes the transport (and runs OnClose) and is answered 200; the others
// find it terminated: 404.
func (t *Transport) serveDELETE(w http.ResponseWriter, r *http.Request) (any, error) {
	if _, err := checkVersionHeader(r); err != nil {
		return nil, err
	}
	if err := t.checkSession(r); err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, protocol.SessionNotFound()
	}
	id := t.closeLocked()
	t.mu.Unlock()
	t.afterClose(id)
	w.WriteHeader(http.StatusOK)
	return nil, nil
}
