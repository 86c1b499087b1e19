// Package httperr carries an HTTP status and a JSON-RPC code together so
// handlers can simply return them.
package httperr

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

type Error struct {
	Status  int
	Code    int
	Message string
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%d/%d %s: %v", e.Status, e.Code, e.Message, e.cause)
	}
	return fmt.Sprintf("%d/%d %s", e.Status, e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.cause }

func SessionRequired() *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
}

func SessionNotFound() *Error {
	return &Error{Status: http.StatusNotFound, Code: -32001, Message: "Session not found"}
}

func BadRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32000, Message: "Bad Request: " + msg}
}

func Parse() *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32700, Message: "Parse error"}
}

func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error", cause: cause}
}

// Handler is installed as echo's HTTPErrorHandler.
func Handler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var he *Error
	if !errors.As(err, &he) {
		var ee *echo.HTTPError
		if errors.As(err, &ee) {
			he = &Error{Status: ee.Code, Code: -32000, Message: fmt.Sprint(ee.Message)}
		} else {
			he = Internal(err)
		}
	}
	if he.cause != nil {
		c.Logger().Error(he.cause)
	}
	_ = c.JSON(he.Status, map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": he.Code, "message": he.Message},
	})
}
