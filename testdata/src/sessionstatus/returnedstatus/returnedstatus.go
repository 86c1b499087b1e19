// Package returnedstatus: handlers that return the status for an adapter
// to write, as `return 404, err` from a func(w, r) (int, error) or as an
// error literal carrying it, &HTTPError{Status: ..., Code: ...}. An unknown
// session returned 403 or 400 is reported like one written; 404 and the
// missing id's 400 are not.
package returnedstatus

import (
	"errors"
	"fmt"
	"net/http"
)

var errNoSession = errors.New("no session")

type HTTPError struct {
	Status  int
	Code    int
	Message string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("%d %d %s", e.Status, e.Code, e.Message) }

type session struct{ id string }

type server struct{ sessions map[string]*session }

type appHandler func(http.ResponseWriter, *http.Request) (int, error)

func (fn appHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, err := fn(w, r); err != nil {
		http.Error(w, err.Error(), status)
	}
}

func (s *server) post(w http.ResponseWriter, r *http.Request) (int, error) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return http.StatusBadRequest, errNoSession
	}
	if _, ok := s.sessions[sid]; !ok {
		return http.StatusForbidden, fmt.Errorf("session %q", sid) // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
	return http.StatusOK, nil
}

func (s *server) delete(w http.ResponseWriter, r *http.Request) (int, error) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return http.StatusBadRequest, errNoSession
	}
	if _, ok := s.sessions[sid]; !ok {
		return http.StatusNotFound, fmt.Errorf("session %q", sid)
	}
	delete(s.sessions, sid)
	return http.StatusNoContent, nil
}

// handle returns an error literal that the caller renders with its status.
func (s *server) handle(r *http.Request) error {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return &HTTPError{Status: http.StatusBadRequest, Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
	}
	if _, ok := s.sessions[sid]; !ok {
		return &HTTPError{http.StatusBadRequest, -32000, "Bad Request: unknown session"} // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (s *server) handleKnown(r *http.Request) error {
	sid := r.Header.Get("Mcp-Session-Id")
	if _, ok := s.sessions[sid]; sid != "" && !ok {
		return &HTTPError{Status: http.StatusNotFound, Code: -32001, Message: "Session not found"}
	}
	return nil
}
