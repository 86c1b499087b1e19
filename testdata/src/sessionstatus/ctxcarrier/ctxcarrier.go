// Package ctxcarrier: a middleware reads the client's Mcp-Session-Id and
// puts it in the request's context under a key of the package; the
// handlers take it from there. An unknown id they answer with another
// status than 404 is the same bug as one read from the header.
package ctxcarrier

import (
	"context"
	"net/http"
)

type ctxKey struct{}

const sidKey = "mcp-session"

type session struct{ user string }

type server struct {
	sessions map[string]*session
}

func withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		ctx := context.WithValue(r.Context(), ctxKey{}, id)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// sessionID is the accessor the handlers use.
func sessionID(ctx context.Context) string {
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}

func (s *server) call(w http.ResponseWriter, r *http.Request) {
	id := sessionID(r.Context())
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// The same with the value read in place, under a string key.
func tagged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sidKey, r.Header.Get("Mcp-Session-Id"))))
	})
}

func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	id, _ := r.Context().Value(sidKey).(string)
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "invalid session", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusOK)
}

type userKey struct{}

// Right: another key's value is not the id, and a 404 is right.
func (s *server) byUser(w http.ResponseWriter, r *http.Request) {
	user, _ := r.Context().Value(userKey{}).(string)
	if _, ok := s.sessions[user]; !ok {
		http.Error(w, "no such user", http.StatusUnauthorized)
		return
	}
	id := sessionID(r.Context())
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
