// Package unlistedsentinel pins a dispatcher whose errors include two
// session refusals: the handler tells one apart and answers it 404, and
// every other error, the never-issued session among them, falls through to
// 400. A client whose id the server never knew (or forgot in a restart)
// then keeps sending it instead of re-initializing.
package unlistedsentinel

import (
	"context"
	"errors"
	"io"
	"net/http"

	"fixtures/sessionstatus/unlistedsentinel/failures"
)

type dispatcher interface {
	Dispatch(ctx context.Context, sessionID string, frame []byte) ([]byte, error)
}

type handler struct {
	d        dispatcher
	stateful bool
}

// post reads the id only when stateful (so the id is "" or the header's
// value where it is passed on).
func (h *handler) post(w http.ResponseWriter, r *http.Request) {
	frame, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	sid := ""
	if h.stateful {
		sid = r.Header.Get("Mcp-Session-Id")
	}
	out, err := h.d.Dispatch(r.Context(), sid, frame)
	if err != nil {
		if errors.Is(err, failures.ErrSessionEnded) {
			http.Error(w, "session ended", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 to every h.d.Dispatch\(...\) error but failures.ErrSessionEnded, so to failures.ErrNoSuchSession too`
		return
	}
	_, _ = w.Write(out)
}

// viaElse tells the ended session apart in an if/else.
func (h *handler) viaElse(w http.ResponseWriter, r *http.Request) {
	_, err := h.d.Dispatch(r.Context(), r.Header.Get("Mcp-Session-Id"), nil)
	if err != nil {
		if err == failures.ErrSessionEnded {
			w.WriteHeader(http.StatusNotFound)
		} else {
			w.WriteHeader(http.StatusConflict) // want `answers 409 to every h.d.Dispatch\(...\) error but failures.ErrSessionEnded, so to failures.ErrNoSuchSession too`
		}
	}
}

// both tells both refusals apart: the rest is the message's fault.
func (h *handler) both(w http.ResponseWriter, r *http.Request) {
	_, err := h.d.Dispatch(r.Context(), r.Header.Get("Mcp-Session-Id"), nil)
	if err != nil {
		if errors.Is(err, failures.ErrSessionEnded) || errors.Is(err, failures.ErrNoSuchSession) {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

// lookedUp refuses an unknown id before dispatching: what reaches the
// dispatcher is a session the handler knows.
func (h *handler) lookedUp(w http.ResponseWriter, r *http.Request, known map[string]bool) {
	sid := r.Header.Get("Mcp-Session-Id")
	if !known[sid] {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	_, err := h.d.Dispatch(r.Context(), sid, nil)
	if err != nil {
		if errors.Is(err, failures.ErrSessionEnded) {
			http.Error(w, "session ended", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

// notTheID dispatches without the session id: its errors are not about it.
func (h *handler) notTheID(w http.ResponseWriter, r *http.Request) {
	_, err := h.d.Dispatch(r.Context(), "broadcast", nil)
	if err != nil {
		if errors.Is(err, failures.ErrSessionEnded) {
			http.Error(w, "session ended", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

// Sentinels of this package: the only refusal besides errSessionGone is about a
// missing header, rightly 400.
var (
	errSessionGone      = errors.New("session closed")
	errSessionIDMissing = errors.New("missing session id")
)

type local interface {
	Deliver(sessionID string) error
}

func deliver(w http.ResponseWriter, r *http.Request, l local) {
	if err := l.Deliver(r.Header.Get("Mcp-Session-Id")); err != nil {
		if errors.Is(err, errSessionGone) {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

var _ = errSessionIDMissing
