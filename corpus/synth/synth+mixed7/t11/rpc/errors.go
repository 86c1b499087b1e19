// Package rpc maps handler errors onto JSON-RPC error responses.
package rpc

import (
	"errors"
	"net/http"
)

// Error is returned by handlers; the HTTP error handler renders it.
type Error struct {
	Status  int
	Code    int
	Message string
}

func (e *Error) Error() string { return e.Message }

var (
	ErrSessionRequired = &Error{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	ErrSessionNotFound = &Error{http.StatusNotFound, -32001, "Session not found"}
	ErrParse           = &Error{http.StatusBadRequest, -32700, "Parse error: body is not valid JSON"}
	ErrInvalidRequest  = &Error{http.StatusBadRequest, -32600, "Invalid Request"}
	ErrInternal        = &Error{http.StatusInternalServerError, -32603, "Internal error"}
)

// As returns the *Error in err's chain, or ErrInternal.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return ErrInternal
}

func Body(e *Error) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": e.Code, "message": e.Message}}
}
