// Package echoserver routes MCP requests with echo: the id comes from
// c.Request().Header, answers are c.JSON and echo.NewHTTPError.
package echoserver

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type server struct{ sessions map[string]*struct{} }

func (s *server) post(c echo.Context) error {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if _, ok := s.sessions[id]; !ok {
		return c.JSON(http.StatusForbidden, map[string]string{"error": "unknown session"}) // want `answers 403 to an unknown or expired Mcp-Session-Id \(s.sessions\[id\]\)`
	}
	return nil
}

func (s *server) get(c echo.Context) error {
	if s.sessions[c.Request().Header.Get("Mcp-Session-Id")] == nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "unknown session") // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return c.NoContent(http.StatusOK)
}

func (s *server) good(c echo.Context) error {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if id == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if _, ok := s.sessions[id]; !ok {
		return c.JSON(http.StatusNotFound, map[string]string{"error": "session not found"})
	}
	return nil
}
