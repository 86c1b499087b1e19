// Package errorsisswitch: under err != nil, a switch on errors.Is that
// answers another principal's session 403, a request naming no backend 400
// and an unknown session 404. Every answer is right; none is reported.
package errorsisswitch

import (
	"errors"
	"net/http"
)

var (
	ErrForbiddenSession = errors.New("session belongs to another user")
	ErrNoBackend        = errors.New("no backend named")
	ErrSessionNotFound  = errors.New("session not found")
)

type session struct{ owner string }

type store interface {
	Lookup(id, user string) (*session, error)
}

type gateway struct{ st store }

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	s, err := g.st.Lookup(id, r.Header.Get("X-User"))
	if err != nil {
		switch {
		case errors.Is(err, ErrForbiddenSession):
			http.Error(w, "forbidden", http.StatusForbidden)
		case errors.Is(err, ErrNoBackend):
			http.Error(w, "no backend", http.StatusBadRequest)
		case errors.Is(err, ErrSessionNotFound):
			http.Error(w, "session not found", http.StatusNotFound)
		default:
			http.Error(w, "store failed", http.StatusInternalServerError)
		}
		return
	}
	_ = s
}
