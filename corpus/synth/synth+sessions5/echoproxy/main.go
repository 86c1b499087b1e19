// Command echoproxy is a small MCP server for a team's runbook search,
// built on echo.
package main

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

func main() {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = rpcErrorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("2M"))

	s := newServer()
	e.POST("/mcp", s.post)
	e.GET("/mcp", s.listen)
	e.DELETE("/mcp", s.remove)

	if err := e.Start(":8081"); err != nil && !errors.Is(err, http.ErrServerClosed) {
		e.Logger.Fatal(err)
	}
}

// rpcErrorHandler renders every echo error as a JSON-RPC error body.
func rpcErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, code, msg := http.StatusInternalServerError, -32603, "Internal error"
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
		if m, ok := he.Message.(string); ok {
			msg = m
		}
		code = -32000
		if rc, ok := he.Internal.(rpcCode); ok {
			code = int(rc)
		}
	}
	_ = c.JSON(status, map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

type rpcCode int

func (c rpcCode) Error() string { return "jsonrpc code" }

func rpcError(status int, code rpcCode, msg string) *echo.HTTPError {
	return echo.NewHTTPError(status, msg).SetInternal(code)
}
