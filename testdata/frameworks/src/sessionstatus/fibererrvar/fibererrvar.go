// Package fibererrvar: a fiber middleware returns fiber's predefined errors,
// which its error handler answers with their status: an unknown session
// returned ErrUnauthorized (401) is reported, ErrNotFound (404) is not.
package fibererrvar

import "github.com/gofiber/fiber/v2"

type table struct{ ids map[string]bool }

func (t *table) Exists(id string) bool { return t.ids[id] }

type gateway struct{ sessions *table }

func (g *gateway) requireSession(c *fiber.Ctx) error {
	if !g.sessions.Exists(c.Get("Mcp-Session-Id")) {
		return fiber.ErrUnauthorized // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

func (g *gateway) requireSessionRight(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fiber.NewError(400, "Mcp-Session-Id required")
	}
	if !g.sessions.Exists(id) {
		return fiber.ErrNotFound
	}
	return nil
}
