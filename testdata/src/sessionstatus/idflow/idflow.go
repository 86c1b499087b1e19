// Package idflow pins session ids that reach a lookup other than as a
// variable set from r.Header.Get: through a conversion to a named string
// type, a helper that returns the header's value, and a struct field the
// id was stored in.
package idflow

import (
	"net/http"
	"strings"
)

type sessionID string

type request struct {
	Session sessionID
	Method  string
}

type server struct {
	sessions map[sessionID]*struct{}
	byName   map[string]*struct{}
}

// sessionFrom returns the request's session id, from the header or, for
// old clients, the query.
func sessionFrom(r *http.Request) string {
	if v := strings.TrimSpace(r.Header.Get("mcp-session-id")); v != "" {
		return v
	}
	return r.URL.Query().Get("session_id")
}

func (s *server) converted(w http.ResponseWriter, r *http.Request) {
	id := sessionID(r.Header.Get("Mcp-Session-Id"))
	if _, ok := s.sessions[id]; !ok {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.sessions\[id\]\)`
	}
}

func (s *server) helper(w http.ResponseWriter, r *http.Request) {
	sess := s.byName[sessionFrom(r)]
	if sess == nil {
		http.Error(w, "unknown session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.byName\[sessionFrom\(...\)\]\)`
	}
}

func parse(r *http.Request) request {
	return request{Session: sessionID(r.Header.Get("Mcp-Session-Id")), Method: r.Method}
}

func (s *server) field(w http.ResponseWriter, r *http.Request) {
	req := parse(r)
	if _, ok := s.sessions[req.Session]; !ok {
		http.Error(w, "unknown session", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id \(s.sessions\[req.Session\]\)`
	}
}

// good: the same three ways, answered 404.
func (s *server) good(w http.ResponseWriter, r *http.Request) {
	req := parse(r)
	if _, ok := s.sessions[req.Session]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	if s.byName[sessionFrom(r)] == nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

// method is a field the id never reaches: a failed lookup by it is not
// about the session.
func (s *server) method(w http.ResponseWriter, r *http.Request) {
	req := parse(r)
	if _, ok := s.byName[req.Method]; !ok {
		http.Error(w, "unsupported method", http.StatusBadRequest)
	}
}
