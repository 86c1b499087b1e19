// Package apperr carries an HTTP status and a JSON-RPC code with an error so
// handlers can return failures and let one place write them.
package apperr

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

type Error struct {
	Status  int
	Code    int
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

const (
	CodeServer   = -32000
	CodeNoSess   = -32001
	CodeInternal = -32603
)

func MissingSession() *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeServer, Message: "Bad Request: Mcp-Session-Id header is required"}
}

func Unauthorized(msg string) *Error {
	return &Error{Status: http.StatusUnauthorized, Code: CodeServer, Message: msg}
}

func Forbidden(msg string) *Error {
	return &Error{Status: http.StatusForbidden, Code: CodeServer, Message: "Forbidden: " + msg}
}

func Internal(err error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "Internal error", Err: err}
}

// HandlerFunc is an http.HandlerFunc that may fail.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts fn, writing any returned error as a JSON-RPC error body.
func Handle(log *slog.Logger, fn HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := fn(w, r)
		if err == nil {
			return
		}
		var ae *Error
		if !errors.As(err, &ae) {
			ae = Internal(err)
		}
		if ae.Status >= 500 {
			log.Error("request failed", "path", r.URL.Path, "err", err)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(ae.Status)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"jsonrpc": "2.0",
			"id":      nil,
			"error":   map[string]any{"code": ae.Code, "message": ae.Message},
		})
	}
}
