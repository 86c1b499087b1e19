// Package fiberserver routes MCP requests with fiber: the id comes from
// c.Get, answers are c.Status(...).JSON, c.SendStatus and fiber.NewError.
package fiberserver

import (
	"github.com/gofiber/fiber/v2"
)

type server struct{ sessions map[string]*struct{} }

func (s *server) post(c *fiber.Ctx) error {
	if _, ok := s.sessions[c.Get("Mcp-Session-Id")]; !ok {
		return c.Status(fiber.StatusGone).JSON(map[string]string{"error": "unknown session"}) // want `answers 410 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (s *server) get(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fiber.NewError(404, "Mcp-Session-Id required") // want `answers 404 to a request without Mcp-Session-Id`
	}
	if s.sessions[id] == nil {
		return c.SendStatus(401) // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (s *server) good(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fiber.NewError(400, "Mcp-Session-Id required")
	}
	if s.sessions[id] == nil {
		return c.SendStatus(404)
	}
	return nil
}
