// Package statusvar: the status decided in branches, held in a variable
// and written once, later.
package statusvar

import (
	"encoding/json"
	"errors"
	"net/http"
)

type session struct{ id string }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

var errSessionNotFound = errors.New("no such session")

type server struct {
	sessions map[string]*session
}

func (s *server) lookup(id string) (*session, error) {
	if sess, ok := s.sessions[id]; ok {
		return sess, nil
	}
	return nil, errSessionNotFound
}

// Each branch sets the status; one write answers.
func (s *server) branches(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	status := http.StatusOK
	if id == "" {
		status = http.StatusNotFound // want `answers 404 to a request without Mcp-Session-Id`
	} else if _, ok := s.sessions[id]; !ok {
		status = http.StatusForbidden // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
	if status != http.StatusOK {
		http.Error(w, "session refused", status)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A switch on the lookup's error picks the status; the error object is
// built beside it.
func (s *server) switched(w http.ResponseWriter, r *http.Request) {
	var rpcErr *rpcError
	code := http.StatusInternalServerError
	_, err := s.lookup(r.Header.Get("Mcp-Session-Id"))
	switch {
	case err == nil:
		w.WriteHeader(http.StatusAccepted)
		return
	case errors.Is(err, errSessionNotFound):
		code = http.StatusUnauthorized // want `answers 401 to an unknown or expired Mcp-Session-Id`
		rpcErr = &rpcError{Code: -32001, Message: "Session not found"}
	}
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": rpcErr})
}
