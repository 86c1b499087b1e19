// Package echobind: an echo handler that decodes the request with the
// framework's binder. The binder's error is the client's bytes failing to
// decode, and a refusal of the request's shape before any method runs is
// 400, not 200.
package echobind

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Method  string `json:"method"`
}

type reply struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Result  any       `json:"result,omitempty"`
	Error   *rpcError `json:"error,omitempty"`
}

// NewErrorReply builds an error reply.
func NewErrorReply(id any, code int, msg string) *reply {
	return &reply{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}

func post(c echo.Context) error {
	var req request
	if err := c.Bind(&req); err != nil {
		return c.JSON(http.StatusBadRequest, NewErrorReply(nil, -32700, "Parse error")) // want `answers -32700 \(Parse error\) to every failure of a typed decode`
	}
	if req.JSONRPC != "2.0" {
		return c.JSON(http.StatusOK, NewErrorReply(req.ID, -32600, "Invalid Request")) // want `answers -32600 \(Invalid Request\) with HTTP 200: a request refused before any method runs is 400`
	}
	return c.JSON(http.StatusOK, reply{JSONRPC: "2.0", ID: req.ID})
}

// The binder's failure answered as the server's own.
func postInternal(c echo.Context) error {
	var req request
	if err := c.Bind(&req); err != nil {
		return c.JSON(http.StatusInternalServerError, NewErrorReply(nil, -32603, "Internal error")) // want `answers 500 with -32603 \(Internal error\) when the request body does not decode, the client's fault: answer 400 with -32700`
	}
	return c.JSON(http.StatusOK, reply{JSONRPC: "2.0", ID: req.ID})
}
