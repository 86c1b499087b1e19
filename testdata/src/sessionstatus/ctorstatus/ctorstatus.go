// Package ctorstatus pins answers carried by an error constructor the
// package defines: NewAPIError(status, msg) returned to a framework or
// middleware that writes its status.
package ctorstatus

import (
	"fmt"
	"net/http"
)

type apiError struct {
	Status int
	Msg    string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Msg) }

func NewAPIError(status int, msg string) *apiError { return &apiError{status, msg} }

type server struct{ sessions map[string]*struct{} }

func (s *server) session(r *http.Request) (*struct{}, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, NewAPIError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	sess, ok := s.sessions[id]
	if !ok {
		return nil, NewAPIError(http.StatusUnauthorized, "unknown session") // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return sess, nil
}

func (s *server) good(r *http.Request) (*struct{}, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, NewAPIError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	sess, ok := s.sessions[id]
	if !ok {
		return nil, NewAPIError(http.StatusNotFound, "session not found")
	}
	return sess, nil
}
