// Package storeapart: a session store that tells Redis's not-found apart
// returns Redis failing as another error. A handler answering every error
// of its lookup 404 answers the outage as an unknown session.
package storeapart

import (
	"errors"
	"net/http"

	"fixtures/errclass/storeapart/store"
)

type api struct{ sessions *store.Sessions }

func (a *api) folded(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := a.sessions.Load(r.Context(), id); err != nil {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 when the session lookup fails, also when \(\*store.Sessions\).Load fails, a server-side failure: answer that one 500`
		return
	}
}

// toldApart answers the unknown id 404 and the store failing 503.
func (a *api) toldApart(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	_, err := a.sessions.Load(r.Context(), id)
	if errors.Is(err, store.ErrNoSession) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "session store unavailable", http.StatusServiceUnavailable)
		return
	}
}

// peeked cannot tell: Redis's not-found is among the errors answered 404.
func (a *api) peeked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := a.sessions.Peek(r.Context(), id); err != nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}
