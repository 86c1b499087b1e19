// Package fiberproxy is a stateless MCP load balancer on fiber. It peeks
// at the method for metrics and picks a backend per request; the backends
// share their session state, so no affinity is needed.
package fiberproxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/gofiber/fiber/v2"

	"example.com/synth/errors5/fiberproxy/backend"
)

type Proxy struct {
	pool *backend.Pool

	mu       sync.Mutex
	byMethod map[string]int
}

func New(pool *backend.Pool) *fiber.App {
	p := &Proxy{pool: pool, byMethod: map[string]int{}}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Post("/mcp", p.forward)
	app.Get("/mcp", p.forward)
	app.Delete("/mcp", p.forward)
	app.Get("/stats", func(c *fiber.Ctx) error {
		p.mu.Lock()
		defer p.mu.Unlock()
		return c.JSON(p.byMethod)
	})
	return app
}

type peek struct {
	Method string `json:"method"`
}

func (p *Proxy) count(body []byte) error {
	if len(body) > 0 && body[0] == '[' {
		var batch []peek
		if err := json.Unmarshal(body, &batch); err != nil {
			return err
		}
		p.mu.Lock()
		for _, m := range batch {
			p.byMethod[m.Method]++
		}
		p.mu.Unlock()
		return nil
	}
	var m peek
	if err := json.Unmarshal(body, &m); err != nil {
		return err
	}
	p.mu.Lock()
	p.byMethod[m.Method]++
	p.mu.Unlock()
	return nil
}

func (p *Proxy) forward(c *fiber.Ctx) error {
	body := c.Body()
	if c.Method() == fiber.MethodPost {
		if err := p.count(body); err != nil {
			return fmt.Errorf("decoding request for metrics: %w", err)
		}
	}

	up, err := p.pool.Pick()
	if errors.Is(err, backend.ErrNoHealthy) {
		c.Set(fiber.HeaderRetryAfter, "2")
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{
			"jsonrpc": "2.0", "id": nil,
			"error": fiber.Map{"code": -32000, "message": "Service Unavailable: no healthy backend"},
		})
	}

	header := func(name string) string { return c.Get(name) }
	resp, err := p.pool.Forward(c.UserContext(), up, c.Method(), header, body)
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "upstream request failed: "+err.Error())
	}
	for k, v := range resp.Headers {
		c.Set(k, v)
	}
	return c.Status(resp.Status).Send(resp.Body)
}
