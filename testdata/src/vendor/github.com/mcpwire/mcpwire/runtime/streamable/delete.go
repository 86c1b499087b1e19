package streamable

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// serveDELETE terminates the session. Of concurrent DELETEs exactly one
// closes the transport (and runs OnClose) and is answered 200; the others
// find it terminated: 404. The closing one drains first (see Drain), for at
// most the drain timeout: requests that race it are either answered in
// full or refused 404 before they start, never cut mid-response.
func (t *Transport) serveDELETE(w http.ResponseWriter, r *http.Request) (any, error) {
	if _, err := checkVersionHeader(r); err != nil {
		return nil, err
	}
	if err := t.checkSession(r); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), t.drainTimeout)
	defer cancel()
	if !t.drain(ctx, 1) {
		return nil, protocol.SessionNotFound()
	}
	w.WriteHeader(http.StatusOK)
	return nil, nil
}
