package echosvc

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func newRPCError(code int, msg string) *rpcError { return &rpcError{Code: code, Message: msg} }

func statusFor(code int) int {
	switch code {
	case codeParseError, codeInvalidRequest, codeInvalidParams:
		return http.StatusBadRequest
	case codeMethodNotFound:
		return http.StatusNotFound
	default:
		return http.StatusInternalServerError
	}
}

type errorReply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

const ctxRequestID = "rpc.id"

// ErrorHandler is installed as e.HTTPErrorHandler; handlers just return errors.
func ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	id, _ := c.Get(ctxRequestID).(json.RawMessage)
	if len(id) == 0 {
		id = json.RawMessage("null")
	}

	var re *rpcError
	if errors.As(err, &re) {
		_ = c.JSON(statusFor(re.Code), errorReply{JSONRPC: "2.0", ID: id, Error: re})
		return
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code := codeInternalError
		if he.Code < 500 {
			code = -32000
		}
		msg, _ := he.Message.(string)
		if msg == "" {
			msg = http.StatusText(he.Code)
		}
		_ = c.JSON(he.Code, errorReply{JSONRPC: "2.0", ID: id, Error: newRPCError(code, msg)})
		return
	}
	c.Logger().Error(err)
	_ = c.JSON(http.StatusInternalServerError, errorReply{JSONRPC: "2.0", ID: id, Error: newRPCError(codeInternalError, "Internal error")})
}
