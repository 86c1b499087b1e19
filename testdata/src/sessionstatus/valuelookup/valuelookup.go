// Package valuelookup: a store whose lookup returns a Session value, not a
// pointer, with sentinel errors saying the session is not there. A value
// cannot be nil, so only the sentinel tests tell an unknown id; an expired
// session answered 401 is reported, the right 404 and a store failure's
// 500 are not, nor a parser of the id returning a value and an error.
package valuelookup

import (
	"context"
	"errors"
	"net/http"
)

var (
	ErrSessionNotFound = errors.New("session not found")
	ErrSessionExpired  = errors.New("session expired")
	errMalformed       = errors.New("malformed id")
)

type Session struct {
	ID      string
	Version string
}

type Store interface {
	Load(ctx context.Context, id string) (Session, error)
}

type server struct{ store Store }

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Bad Request: Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	sess, err := s.store.Load(r.Context(), sid)
	switch {
	case errors.Is(err, ErrSessionNotFound):
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	case errors.Is(err, ErrSessionExpired):
		http.Error(w, "Session expired", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.store.Load\(...\)\): answer 404`
		return
	case err != nil:
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	_ = sess
}

// parsed is a form check of the id: its error is the id's, not a lookup's.
type parsed struct{ shard, key string }

func parse(id string) (parsed, error) {
	if len(id) < 3 {
		return parsed{}, errMalformed
	}
	return parsed{id[:2], id[2:]}, nil
}

func (s *server) get(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Bad Request: Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	p, err := parse(sid)
	if err != nil {
		http.Error(w, "Bad Request: malformed Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	_ = p
}

var ErrUnknownEventID = errors.New("unknown event ID")

type events interface {
	ReplayAfter(ctx context.Context, id, last string) (string, error)
}

// resume refuses an event id the store does not know: the request's
// Last-Event-ID, not its session, is what is unknown.
func resume(w http.ResponseWriter, r *http.Request, ev events) {
	sid := r.Header.Get("Mcp-Session-Id")
	stream, err := ev.ReplayAfter(r.Context(), sid, r.Header.Get("Last-Event-ID"))
	if err != nil {
		if errors.Is(err, ErrUnknownEventID) {
			http.Error(w, "Unknown Last-Event-ID", http.StatusBadRequest)
			return
		}
		http.Error(w, "Failed to resume stream", http.StatusInternalServerError)
		return
	}
	_ = stream
}
