// Package fiberserver routes MCP requests with fiber: the id comes from
// c.Get, answers are c.Status(...).JSON, c.SendStatus and fiber.NewError.
package fiberserver

import (
	"sync"

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

var (
	ended   = map[string]*struct{}{}
	endedMu sync.Mutex
)

// serve handles every method; its DELETE branch removes the id when one is
// sent and answers 204 whatever the id named.
func serve(c *fiber.Ctx) error {
	if c.Method() == fiber.MethodDelete {
		id := c.Get("Mcp-Session-Id", "")
		if id != "" {
			endedMu.Lock()
			delete(ended, id)
			endedMu.Unlock()
		}
		return c.SendStatus(204) // want `answers 204 whatever Mcp-Session-Id is ended: delete\(ended, ...\) looks nothing up`
	}
	return c.SendStatus(202)
}

// serveChecked looks the id up before it ends the session.
func serveChecked(c *fiber.Ctx) error {
	if c.Method() == fiber.MethodDelete {
		id := c.Get("Mcp-Session-Id", "")
		if id == "" {
			return c.SendStatus(400)
		}
		if _, ok := ended[id]; !ok {
			return c.SendStatus(404)
		}
		delete(ended, id)
		return c.SendStatus(204)
	}
	return c.SendStatus(202)
}

// rpcRefusal answers the refusal as a JSON-RPC error in c.JSON, which
// fiber sends with 200 when no status was set before it.
func (s *server) rpcRefusal(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "error": fiber.Map{"code": -32600, "message": "no session"}}) // want `answers 200 to a request without Mcp-Session-Id`
	}
	if s.sessions[id] == nil {
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "error": fiber.Map{"code": -32001, "message": "no such session"}}) // want `answers 200 to an unknown or expired Mcp-Session-Id`
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}
