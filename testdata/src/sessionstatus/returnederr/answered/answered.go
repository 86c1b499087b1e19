// Package answered: a function that answers itself and returns the error
// for its caller to log; the caller's later write does not reach the
// client, so the return is not an answer of the caller's.
package answered

import (
	"errors"
	"net/http"
)

type bridge struct{}

// A function that answers itself and returns the error for its caller to
// log: the caller's later write does not reach the client.
func (b *bridge) answersItself(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return errors.New("missing session id")
	}
	return nil
}

func (b *bridge) logs(w http.ResponseWriter, r *http.Request) {
	if err := b.answersItself(w, r); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
}
