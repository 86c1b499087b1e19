// Package httperr builds echo errors whose message is a JSON-RPC error
// object. echo's default error handler serialises a non-string message
// as-is, so returning one of these from a handler is enough.
package httperr

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type Body struct {
	JSONRPC string `json:"jsonrpc"`
	Error   Detail `json:"error"`
	ID      any    `json:"id"`
}

type Detail struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func rpc(status, code int, msg string) *echo.HTTPError {
	return echo.NewHTTPError(status, Body{JSONRPC: "2.0", Error: Detail{Code: code, Message: msg}})
}

func ParseError(msg string) *echo.HTTPError {
	return rpc(http.StatusBadRequest, -32700, "Parse error: "+msg)
}

func InvalidRequest(msg string) *echo.HTTPError {
	return rpc(http.StatusBadRequest, -32600, "Invalid Request: "+msg)
}

func Unreadable() *echo.HTTPError {
	return rpc(http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
}

func SessionRequired() *echo.HTTPError {
	return rpc(http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
}

func SessionNotFound() *echo.HTTPError {
	return rpc(http.StatusNotFound, -32001, "Session not found")
}

func Internal() *echo.HTTPError {
	return rpc(http.StatusInternalServerError, -32603, "Internal error")
}

func BadGateway(msg string) *echo.HTTPError {
	return rpc(http.StatusBadGateway, -32603, "Bad Gateway: "+msg)
}
