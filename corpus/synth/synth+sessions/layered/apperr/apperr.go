// Package apperr carries an HTTP status and a JSON-RPC code together so the
// transport layer can write any service error without knowing its origin.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
)

// JSON-RPC codes used by the service.
const (
	CodeServer          = -32000
	CodeSessionNotFound = -32001
	CodeInvalidRequest  = -32600
	CodeInternal        = -32603
)

// Error is a service error with its wire representation.
type Error struct {
	Status  int
	Code    int
	Message string
	Cause   error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Cause)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

// New returns an *Error.
func New(status, code int, msg string) *Error {
	return &Error{Status: status, Code: code, Message: msg}
}

// Unavailable reports a dependency that did not answer.
func Unavailable(cause error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: CodeServer, Message: "Service Unavailable: session store", Cause: cause}
}

// Internal hides cause from the client.
func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "Internal error", Cause: cause}
}

// From converts any error to an *Error.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
