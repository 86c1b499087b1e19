// Package plainerrors: echo and fiber handlers that return a plain error
// for an unknown session, which the framework's default error handler
// answers 500; and a fiber answer whose JSON-RPC error object is an
// unkeyed literal.
package plainerrors

import (
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string    `json:"jsonrpc"`
	Error   *rpcError `json:"error"`
}

type server struct {
	mu       sync.Mutex
	sessions map[string]bool
	live     sync.Map
}

func (s *server) echoPost(c echo.Context) error {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if id == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	s.mu.Lock()
	known := s.sessions[id]
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("session %s not found", id) // want `answers 500 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (s *server) fiberPost(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fiber.NewError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if _, ok := s.live.Load(id); !ok {
		return errors.New("no such session") // want `answers 500 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (s *server) fiberInBand(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return c.Status(http.StatusBadRequest).JSON(envelope{"2.0", &rpcError{-32000, "Mcp-Session-Id required"}})
	}
	if _, ok := s.live.Load(id); !ok {
		return c.Status(http.StatusOK).JSON(envelope{"2.0", &rpcError{-32001, "Session not found"}}) // want `answers 200 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}
