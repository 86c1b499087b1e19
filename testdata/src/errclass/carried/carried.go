// Package carried: handlers that return another package's error
// constructors. What the constructor carries is the answer.
package carried

import (
	"encoding/json"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"fixtures/errclass/carried/apierr"
)

type gateway struct {
	backend string
}

// forward blames the client for the backend not answering.
func (g *gateway) forward(c *fiber.Ctx) error {
	sid := c.Get("Mcp-Session-Id")
	resp, err := http.Post(g.backend, "application/json", nil)
	if err != nil {
		return apierr.ParseError("backend did not answer") // want `answers 400 with -32700 \(Parse error\) for an error from http.Post, the upstream's failure`
	}
	defer resp.Body.Close()
	_ = sid
	return nil
}

// encode blames the client for its own encoding failing.
func (g *gateway) encode(c *fiber.Ctx) error {
	c.Get("Mcp-Session-Id")
	b, err := json.Marshal(g)
	if err != nil {
		return apierr.Unavailable("encoder") // want `answers 400 for an error from json.Marshal, a server-side failure`
	}
	return c.JSON(b)
}

// good answers the same failures as the server's.
func (g *gateway) good(c *fiber.Ctx) error {
	c.Get("Mcp-Session-Id")
	resp, err := http.Post(g.backend, "application/json", nil)
	if err != nil {
		return apierr.Internal()
	}
	defer resp.Body.Close()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(c.Body(), &m); err != nil {
		return apierr.ParseError(err.Error()) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
	}
	return nil
}
