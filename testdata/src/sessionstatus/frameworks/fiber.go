package frameworks

import (
	"net/http"

	"github.com/gofiber/fiber/v2"
)

// fiberMCP answers an unknown id through the status chained on JSON, and
// through an error fiber's app answers.
func (s *server) fiberMCP(c *fiber.Ctx) error {
	var msg message
	if err := c.BodyParser(&msg); err != nil {
		return c.Status(http.StatusBadRequest).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32700, "message": "Parse error"}})
	}
	if msg.Method == "initialize" {
		id := newID()
		s.mu.Lock()
		s.sessions[id] = &session{id: id}
		s.mu.Unlock()
		c.Set("Mcp-Session-Id", id)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
	}
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return c.Status(http.StatusBadRequest).JSON(fiber.Map{"error": "Mcp-Session-Id header is required"})
	}
	if _, ok := s.lookup(id); !ok {
		return c.Status(http.StatusBadRequest).JSON(fiber.Map{"error": "invalid session"}) // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}

func (s *server) fiberError(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fiber.NewError(http.StatusBadRequest, "Mcp-Session-Id header is required")
	}
	if _, ok := s.lookup(id); !ok {
		return fiber.NewError(http.StatusUnauthorized, "invalid session") // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}

// fiberRight: silent.
func (s *server) fiberRight(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return c.SendStatus(http.StatusBadRequest)
	}
	if _, ok := s.lookup(id); !ok {
		return c.Status(http.StatusNotFound).SendString("Session not found")
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}
