// Package fibergate fronts a pool of MCP workers with a fiber app.
package fibergate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

type conn struct {
	id      string
	worker  string
	out     chan json.RawMessage
	touched time.Time
}

type Gate struct {
	conns   sync.Map // string -> *conn
	workers []string
	next    int
	mu      sync.Mutex
}

func New(workers ...string) *Gate { return &Gate{workers: workers} }

func (g *Gate) pick() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	w := g.workers[g.next%len(g.workers)]
	g.next++
	return w
}

func fail(c *fiber.Ctx, status, code int, msg string) error {
	return c.Status(status).JSON(fiber.Map{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   fiber.Map{"code": code, "message": msg},
	})
}

func (g *Gate) Routes(app *fiber.App) {
	app.Post("/mcp", g.handlePost)
	app.Get("/mcp", g.handleStream)
	app.Delete("/mcp", g.handleDelete)
}

func (g *Gate) handlePost(c *fiber.Ctx) error {
	var msg struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
	}
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		return fail(c, fiber.StatusBadRequest, -32700, "Parse error")
	}
	if msg.Method == "initialize" {
		cn := &conn{id: uuid.NewString(), worker: g.pick(), out: make(chan json.RawMessage, 32), touched: time.Now()}
		g.conns.Store(cn.id, cn)
		c.Set("Mcp-Session-Id", cn.id)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{
			"protocolVersion": "2025-03-26",
			"capabilities":    fiber.Map{"tools": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": "fibergate", "version": "0.2.0"},
		}})
	}

	id := c.Get("Mcp-Session-Id")
	v, ok := g.conns.Load(id)
	if id == "" || !ok {
		return fail(c, fiber.StatusNotFound, -32001, "Session not found")
	}
	cn := v.(*conn)
	cn.touched = time.Now()
	if msg.ID == nil {
		return c.SendStatus(fiber.StatusAccepted)
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{"worker": cn.worker}})
}

func (g *Gate) handleStream(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fail(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	v, _ := g.conns.LoadOrStore(id, &conn{id: id, worker: g.pick(), out: make(chan json.RawMessage, 32), touched: time.Now()})
	cn := v.(*conn)

	c.Set("Content-Type", "text/event-stream")
	c.Set("Cache-Control", "no-cache")
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		for m := range cn.out {
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", m)
			if err := w.Flush(); err != nil {
				return
			}
		}
	})
	return nil
}

func (g *Gate) handleDelete(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return fail(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	v, loaded := g.conns.LoadAndDelete(id)
	if !loaded {
		return fail(c, fiber.StatusNotFound, -32001, "Session not found")
	}
	close(v.(*conn).out)
	return c.SendStatus(fiber.StatusNoContent)
}
