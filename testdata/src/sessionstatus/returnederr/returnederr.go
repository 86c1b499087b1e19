// Package returnederr: the session checks made by a function that returns
// an error, which its caller writes with one status.
package returnederr

import (
	"errors"
	"fmt"
	"net/http"
)

type session struct{ id string }

type bridge struct {
	sessions map[string]*session
}

func (b *bridge) forward(id string, body []byte) error {
	if id == "" {
		return errors.New("session id required") // want `answers 500 to a request without Mcp-Session-Id`
	}
	s := b.sessions[id]
	if s == nil {
		return fmt.Errorf("session %s not found", id) // want `answers 500 to an unknown or expired Mcp-Session-Id`
	}
	_ = body
	return nil
}

func (b *bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := b.forward(id, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// The same checks, their errors told apart by the caller: silent.
var (
	errNoID    = errors.New("session id required")
	errUnknown = errors.New("session not found")
)

func (b *bridge) check(id string) error {
	if id == "" {
		return errNoID
	}
	if b.sessions[id] == nil {
		return errUnknown
	}
	return nil
}

func (b *bridge) apart(w http.ResponseWriter, r *http.Request) {
	err := b.check(r.Header.Get("Mcp-Session-Id"))
	switch {
	case errors.Is(err, errNoID):
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	case errors.Is(err, errUnknown):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Returned with the right statuses written by the caller for each.
func (b *bridge) right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := b.exists(id); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
}

func (b *bridge) exists(id string) error {
	if b.sessions[id] == nil {
		return errUnknown
	}
	return nil
}
