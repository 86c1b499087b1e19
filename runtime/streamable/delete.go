package streamable

import (
	"context"
	"net/http"
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
		t.mu.Lock()
		defer t.mu.Unlock()
		return nil, t.goneLocked()
	}
	w.WriteHeader(http.StatusOK)
	return nil, nil
}
