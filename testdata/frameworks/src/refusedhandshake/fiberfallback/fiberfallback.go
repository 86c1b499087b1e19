// Package fiberfallback keeps sessions behind fiber, taking the id from
// the header with a freshly minted default: fresh for a client that sent
// none, as if id == "" { id = newID() } would make it.
package fiberfallback

import (
	"crypto/rand"
	"encoding/json"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
)

type state struct{ protocol string }

var sessions sync.Map

type message struct {
	Method string `json:"method"`
}

func refuse(c *fiber.Ctx, status int, msg string) error {
	return c.Status(status).JSON(fiber.Map{"jsonrpc": "2.0", "error": fiber.Map{"code": -32000, "message": msg}})
}

// Post hands an initialize to initialize and serves the rest.
func Post(c *fiber.Ctx) error {
	var m message
	if err := json.Unmarshal(c.Body(), &m); err != nil {
		return refuse(c, 400, "Parse error")
	}
	if m.Method == "initialize" {
		return initialize(c)
	}
	return serve(c)
}

// initialize stores the session before it checks Accept: a refused
// handshake leaves the entry.
func initialize(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id", rand.Text())
	sessions.Store(id, &state{}) // want `a session is registered in sessions before the handshake is accepted, and a later refusal answers an error without removing it`
	if !strings.Contains(c.Get("Accept"), "text/event-stream") {
		return refuse(c, 406, "Not Acceptable")
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "result": fiber.Map{}})
}

// Checked checks Accept first and stores only what it answers.
func Checked(c *fiber.Ctx) error {
	if !strings.Contains(c.Get("Accept"), "text/event-stream") {
		return refuse(c, 406, "Not Acceptable")
	}
	id := c.Get("Mcp-Session-Id", rand.Text())
	sessions.Store(id, &state{})
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "result": fiber.Map{}})
}

// RolledBack removes the entry on the refusal.
func RolledBack(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id", rand.Text())
	sessions.Store(id, &state{})
	if !strings.Contains(c.Get("Accept"), "text/event-stream") {
		sessions.Delete(id)
		return refuse(c, 406, "Not Acceptable")
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "result": fiber.Map{}})
}

// serve looks the request's id up for every other request.
func serve(c *fiber.Ctx) error {
	if _, ok := sessions.Load(c.Get("Mcp-Session-Id")); !ok {
		return refuse(c, 404, "Session not found")
	}
	return c.SendStatus(202)
}
