package echoapi

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternal       = -32603
)

// RPCError is returned by handlers; the error handler installed by Mount turns
// it into a JSON-RPC envelope.
type RPCError struct {
	ID      any
	Code    int
	Message string
	Cause   error
}

func (e *RPCError) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("jsonrpc %d: %s: %v", e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("jsonrpc %d: %s", e.Code, e.Message)
}

func (e *RPCError) Unwrap() error { return e.Cause }

func newRPCError(id any, code int, msg string, cause error) *RPCError {
	return &RPCError{ID: id, Code: code, Message: msg, Cause: cause}
}

// statusByCode maps a refusal to its transport status. Codes that are not
// listed come from a method and ride on a 200.
var statusByCode = map[int]int{
	CodeParseError:     http.StatusBadRequest,
	CodeInvalidParams:  http.StatusBadRequest,
	CodeMethodNotFound: http.StatusNotFound,
	CodeInternal:       http.StatusInternalServerError,
}

func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var re *RPCError
	if !errors.As(err, &re) {
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, map[string]any{"error": he.Message})
			return
		}
		c.Logger().Error(err)
		re = newRPCError(nil, CodeInternal, "Internal error", err)
	}
	status, ok := statusByCode[re.Code]
	if !ok {
		status = http.StatusOK
	}
	if re.Cause != nil {
		c.Logger().Warnf("rpc %d: %v", re.Code, re.Cause)
	}
	_ = c.JSON(status, map[string]any{
		"jsonrpc": "2.0",
		"id":      re.ID,
		"error":   map[string]any{"code": re.Code, "message": re.Message},
	})
}
