// Package carriers: the session id read from a header other than
// Mcp-Session-Id, and tested by a function held in a field. The rows of a
// missing and an unknown session hold whatever carries the id.
package carriers

import (
	"net/http"
	"sync"
)

const sessionHeader = "X-Session-ID"

type entry struct{}

type Options struct {
	// SessionValidator says whether a session id is live.
	SessionValidator func(id string) bool
	// ValidateSession fails for an id it does not hold.
	ValidateSession func(id string) error
	// Authorize says whether the caller may use the session.
	Authorize func(id string) bool
}

type transport struct {
	mu       sync.Mutex
	sessions map[string]*entry
	current  string
	opts     Options
}

// Bad: no id, under another header's name, answered 401.
func (t *transport) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	if id == "" {
		http.Error(w, "no session", http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id: answer 400`
		return
	}
	if _, ok := t.sessions[id]; !ok {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(t.sessions\[id\]\): answer 404`
		return
	}
}

// Bad: the canonical index of another session header.
func (t *transport) get(w http.ResponseWriter, r *http.Request) {
	vals := r.Header["Session-Id"]
	if len(vals) == 0 {
		http.Error(w, "Session-Id required", http.StatusBadRequest)
		return
	}
	if t.sessions[vals[0]] == nil {
		w.WriteHeader(http.StatusGone) // want `answers 410 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// validSession reads the id from the request itself: false for no id and
// for another one alike.
func (t *transport) validSession(r *http.Request) bool {
	if t.current == "" {
		return true
	}
	return r.Header.Get("x-mcp-session") == t.current
}

// Bad: 401 is right for neither a missing nor an unknown id.
func (t *transport) del(w http.ResponseWriter, r *http.Request) {
	if !t.validSession(r) {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 when t.validSession\(...\) fails on the request's Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Bad: a validator held in a field of the options, answered 401.
func (t *transport) hooked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if t.opts.SessionValidator != nil && !t.opts.SessionValidator(id) {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(t.opts.SessionValidator\(...\)\)`
		return
	}
	if err := t.opts.ValidateSession(id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 when the session check t.opts.ValidateSession\(...\) fails`
		return
	}
}

// Right: a hook about the caller's rights, not the session's existence.
func (t *transport) authorized(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !t.opts.Authorize(id) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
}

// Not judged: a product's own session header, and the 2024-11-05
// transport's query parameter.
func (t *transport) other(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Acme-Session-Id") == "" {
		http.Error(w, "login first", http.StatusUnauthorized)
		return
	}
	sid := r.URL.Query().Get("sessionId")
	if sid == "" {
		http.Error(w, "missing sessionId", http.StatusUnauthorized)
		return
	}
	if _, ok := t.sessions[sid]; !ok {
		http.Error(w, "invalid sessionId", http.StatusBadRequest)
		return
	}
}
