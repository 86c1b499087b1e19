// Package apierr carries an HTTP status and a JSON-RPC error code together so
// handlers can return one value and let Handle write it.
package apierr

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
)

type Error struct {
	Status  int
	Code    int
	Message string
	ID      json.RawMessage
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.cause)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.cause }

// WithID attaches the request id the error answers.
func (e *Error) WithID(id json.RawMessage) *Error {
	c := *e
	c.ID = id
	return &c
}

func Parse(cause error) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32700, Message: "Parse error", cause: cause}
}

func InvalidRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32600, Message: "Invalid Request: " + msg}
}

func InvalidParams(msg string, cause error) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32602, Message: "Invalid params: " + msg, cause: cause}
}

func NotFound(msg string) *Error {
	return &Error{Status: http.StatusNotFound, Code: -32002, Message: msg}
}

func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error", cause: cause}
}

func Unavailable(cause error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: -32603, Message: "Service Unavailable", cause: cause}
}

// HandlerFunc is an http handler that can fail.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts a HandlerFunc, writing any error as a JSON-RPC error response.
func Handle(fn HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := fn(w, r)
		if err == nil {
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			e = Internal(err)
		}
		if e.cause != nil {
			log.Printf("%s %s: %v", r.Method, r.URL.Path, e)
		}
		id := e.ID
		if len(id) == 0 {
			id = json.RawMessage("null")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(e.Status)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"jsonrpc": "2.0",
			"id":      id,
			"error":   map[string]any{"code": e.Code, "message": e.Message},
		})
	})
}
