// Package customhandler installs its own echo error handler: what a
// returned plain error is answered with is the handler's, so it is not
// judged.
package customhandler

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

type server struct{ sessions map[string]bool }

func mount(e *echo.Echo) {
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		_ = c.JSON(http.StatusNotFound, map[string]string{"error": err.Error()})
	}
}

func (s *server) post(c echo.Context) error {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if id == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if !s.sessions[id] {
		return fmt.Errorf("session %s not found", id)
	}
	return nil
}
