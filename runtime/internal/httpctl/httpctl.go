// Package httpctl sets deadlines on and flushes an http.ResponseWriter as
// [http.ResponseController] does (the writer's own method, else through
// Unwrap), without its cost per call: a ResponseController is allocated per
// writer, and each call a writer does not support allocates a fresh error
// wrapping [http.ErrNotSupported]. The runtime sets a read deadline and one
// or two write deadlines per request, so on writers without deadlines
// (recorders, middleware that does not unwrap) that was half a dozen
// allocations per call. Errors here are [http.ErrNotSupported] itself.
package httpctl

import (
	"net/http"
	"time"
)

type unwrapper interface{ Unwrap() http.ResponseWriter }

// SetReadDeadline is [http.ResponseController.SetReadDeadline].
func SetReadDeadline(w http.ResponseWriter, d time.Time) error {
	for {
		switch t := w.(type) {
		case interface{ SetReadDeadline(time.Time) error }:
			return t.SetReadDeadline(d)
		case unwrapper:
			w = t.Unwrap()
		default:
			return http.ErrNotSupported
		}
	}
}

// SetWriteDeadline is [http.ResponseController.SetWriteDeadline].
func SetWriteDeadline(w http.ResponseWriter, d time.Time) error {
	for {
		switch t := w.(type) {
		case interface{ SetWriteDeadline(time.Time) error }:
			return t.SetWriteDeadline(d)
		case unwrapper:
			w = t.Unwrap()
		default:
			return http.ErrNotSupported
		}
	}
}

// Flush is [http.ResponseController.Flush].
func Flush(w http.ResponseWriter) error {
	for {
		switch t := w.(type) {
		case interface{ FlushError() error }:
			return t.FlushError()
		case http.Flusher:
			t.Flush()
			return nil
		case unwrapper:
			w = t.Unwrap()
		default:
			return http.ErrNotSupported
		}
	}
}
