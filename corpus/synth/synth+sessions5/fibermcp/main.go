// Command fibermcp is a weather lookup MCP server on fiber.
package main

import (
	"encoding/json"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/logger"
	"github.com/google/uuid"
)

type clientState struct {
	Started  time.Time
	Protocol string
}

var sessions sync.Map // string -> *clientState

type jsonRPC struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func fail(c *fiber.Ctx, status, code int, msg string, id any) error {
	return c.Status(status).JSON(fiber.Map{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   fiber.Map{"code": code, "message": msg},
	})
}

func acceptsMCP(c *fiber.Ctx) bool {
	a := c.Get(fiber.HeaderAccept)
	return strings.Contains(a, "application/json") && strings.Contains(a, "text/event-stream")
}

func handleInitialize(c *fiber.Ctx, msg *jsonRPC) error {
	sid := c.Get("Mcp-Session-Id", uuid.NewString())
	st := &clientState{Started: time.Now()}
	sessions.Store(sid, st)

	if !acceptsMCP(c) {
		return fail(c, fiber.StatusNotAcceptable, -32000, "Not Acceptable: Accept must list application/json and text/event-stream", msg.ID)
	}
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(msg.Params, &p)
	st.Protocol = "2025-06-18"

	c.Set("Mcp-Session-Id", sid)
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{
		"protocolVersion": st.Protocol,
		"capabilities":    fiber.Map{"tools": fiber.Map{}},
		"serverInfo":      fiber.Map{"name": "weather", "version": "0.2.2"},
	}})
}

func handlePost(c *fiber.Ctx) error {
	var msg jsonRPC
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		return fail(c, fiber.StatusBadRequest, -32700, "Parse error", nil)
	}
	if msg.Method == "initialize" {
		return handleInitialize(c, &msg)
	}
	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fail(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
	}
	if _, ok := sessions.Load(sid); !ok {
		return fail(c, fiber.StatusBadRequest, -32000, "Bad Request: no valid session ID provided", msg.ID)
	}
	if msg.ID == nil {
		return c.SendStatus(fiber.StatusAccepted)
	}
	switch msg.Method {
	case "tools/list":
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{"tools": []fiber.Map{
			{"name": "forecast", "inputSchema": fiber.Map{"type": "object"}},
		}}})
	case "ping":
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{}})
	}
	return fail(c, fiber.StatusOK, -32601, "Method not found", msg.ID)
}

func handleDelete(c *fiber.Ctx) error {
	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fail(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
	}
	if _, ok := sessions.LoadAndDelete(sid); !ok {
		return fail(c, fiber.StatusNotFound, -32001, "Session not found", nil)
	}
	return c.SendStatus(fiber.StatusOK)
}

func main() {
	app := fiber.New()
	app.Use(logger.New())
	app.Post("/mcp", handlePost)
	app.Delete("/mcp", handleDelete)
	app.Get("/mcp", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderAllow, "POST, DELETE")
		return c.SendStatus(fiber.StatusMethodNotAllowed)
	})
	log.Fatal(app.Listen(":3300"))
}
