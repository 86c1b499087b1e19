// Package capped413: 413 answered to every failed read of a body capped
// with http.MaxBytesReader. Only *http.MaxBytesError says the body was too
// large; a client that broke off mid-body or sent broken chunking is 400
// (body-unreadable).
package capped413

import (
	"errors"
	"io"
	"net/http"
)

// Every failed read of the capped body answered 413: a client that broke
// off mid-body is told its body was too large.
func every413(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusRequestEntityTooLarge) // want `answers 413 to every failed read of the capped body`
		return
	}
	_ = body
}

// Right: the limit error is told apart; the rest is 400.
func apart413(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	_ = body
}
