// Package states: each state of the request's session id (absent,
// unknown, known, another principal's, closed, a store that failed) as
// the tests on the id or on a lookup keyed by it spell it. Each wrong
// answer is marked; each right one is silent.
package states

import (
	"context"
	"errors"
	"net/http"
	"sync"
)

var (
	ErrSessionNotFound = errors.New("session not found")
	ErrSessionClosed   = errors.New("session closed")
	ErrWrongOwner      = errors.New("session owned by another user")
)

type sess struct{ owner string }

type store interface {
	Load(ctx context.Context, id string) (*sess, error)
}

type srv struct {
	mu    sync.Mutex
	table map[string]*sess
	live  sync.Map
	st    store
}

// absent, spelled as a switch on the id.
func (s *srv) absentSwitch(w http.ResponseWriter, r *http.Request) {
	switch id := r.Header.Get("Mcp-Session-Id"); id {
	case "":
		http.Error(w, "no session", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id`
		return
	default:
		_ = id
	}
}

// absent, spelled reversed and through len.
func (s *srv) absentReversed(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if 0 == len(id) {
		http.Error(w, "no session", http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id`
		return
	}
	if "" == id {
		http.Error(w, "no session", http.StatusBadRequest)
		return
	}
}

// unknown, as the store's sentinel told apart by errors.Is.
func (s *srv) unknownSentinel(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	se, err := s.st.Load(r.Context(), id)
	if errors.Is(err, ErrSessionNotFound) {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.st.Load\(...\)\): answer 404`
		return
	}
	if err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	_ = se
}

// unknown and closed, as a switch on the error; another principal's
// session is 403, rightly.
func (s *srv) closedSwitch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := s.st.Load(r.Context(), id)
	switch err {
	case nil:
	case ErrSessionClosed:
		http.Error(w, "session closed", http.StatusGone) // want `answers 410 to an unknown or expired Mcp-Session-Id \(s.st.Load\(...\)\): answer 404`
		return
	case ErrWrongOwner:
		http.Error(w, "session user mismatch", http.StatusForbidden)
		return
	default:
		http.Error(w, "store failed", http.StatusServiceUnavailable)
		return
	}
}

// The same, right.
func (s *srv) closedRight(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := s.st.Load(r.Context(), id)
	switch {
	case errors.Is(err, ErrSessionClosed), err == ErrSessionNotFound:
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	case errors.Is(err, ErrWrongOwner):
		http.Error(w, "session user mismatch", http.StatusForbidden)
		return
	case err != nil:
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if errors.Is(err, ErrSessionNotFound) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// known, in a sync.Map, and another principal's, 403.
func (s *srv) owner(w http.ResponseWriter, r *http.Request, user string) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	v, ok := s.live.Load(id)
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if v.(*sess).owner != user {
		http.Error(w, "session user mismatch", http.StatusForbidden)
		return
	}
}
