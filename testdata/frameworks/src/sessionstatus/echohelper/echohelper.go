// Package echohelper checks the session in a helper of echo's handler
// signature that the handlers only call: its error goes back to them,
// not to echo, and each answers every error of it 400, the unknown id's
// too. The helper also fails when the store is not set up.
package echohelper

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

type session struct{ id string }

type store struct{ live map[string]*session }

func (s *store) get(id string) *session { return s.live[id] }

type server struct{ store *store }

func (s *server) validate(c echo.Context) error {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if id == "" {
		return errors.New("missing Mcp-Session-Id")
	}
	if s.store == nil {
		return errors.New("session store not set up")
	}
	if s.store.get(id) == nil {
		return errors.New("unknown session") // the unknown id's error, answered 400 by both callers
	}
	return nil
}

func (s *server) list(c echo.Context) error {
	if err := s.validate(c); err != nil {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": err.Error()}) // want `answers 400 to every error of s.validate\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
	}
	return c.JSON(http.StatusOK, map[string]string{})
}

func (s *server) call(c echo.Context) error {
	if err := s.validate(c); err != nil {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": err.Error()}) // want `answers 400 to every error of s.validate\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
	}
	return c.JSON(http.StatusOK, map[string]string{})
}

// Routes hands echo the two handlers, not the helper.
func Routes(e interface {
	POST(path string, h func(echo.Context) error)
}, s *server) {
	e.POST("/mcp/list", s.list)
	e.POST("/mcp/call", s.call)
}
