// Package echo is a stand-in with the shape of echo's Context API that the
// analyzers recognise; it is not echo.
package echo

import (
	"fmt"
	"net/http"
)

// Context is a request's context.
type Context interface {
	Request() *http.Request
	Response() *Response
	JSON(code int, i any) error
	String(code int, s string) error
	NoContent(code int) error
	Bind(i any) error
}

// Response is the response a handler writes.
type Response struct{ header http.Header }

// Header is the response's header map.
func (r *Response) Header() http.Header { return r.header }

// HTTPError is an error with the status echo's error handler answers.
type HTTPError struct {
	Code    int
	Message any
}

func (e *HTTPError) Error() string { return fmt.Sprint(e.Code, e.Message) }

// NewHTTPError is an error answered with code.
func NewHTTPError(code int, message ...any) *HTTPError {
	return &HTTPError{Code: code, Message: message}
}

// Echo is the framework instance; HTTPErrorHandler answers the errors
// handlers return.
type Echo struct {
	HTTPErrorHandler func(err error, c Context)
}
