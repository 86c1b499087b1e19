// Package jsonrpc2 is a tiny JSON-RPC 2.0 layer: message types, error
// values and the mapping from error codes to HTTP statuses.
package jsonrpc2

import (
	"fmt"
	"net/http"
)

const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
	CodeToolError      = -32000
)

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("jsonrpc2: %d %s", e.Code, e.Message) }

func NewError(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// httpStatus maps an error code to the status the transport answers
// with. Codes not listed are answered 200: they come from methods.
var httpStatus = map[int]int{
	CodeParseError:     http.StatusBadRequest,
	CodeInvalidRequest: http.StatusBadRequest,
	CodeMethodNotFound: http.StatusNotFound,
	CodeInvalidParams:  http.StatusBadRequest,
	CodeInternalError:  http.StatusBadRequest,
}

func StatusFor(e *Error) int {
	if s, ok := httpStatus[e.Code]; ok {
		return s
	}
	return http.StatusOK
}
