// Package proxy2 exposes an internal MCP server on the edge with rate limiting.
// It does not speak MCP itself: sessions belong to the upstream server.
package proxy2

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
)

var passHeaders = []string{
	"Accept",
	"Content-Type",
	"Last-Event-ID",
}

const (
	hSession = "Mcp-Session-Id"
	hVersion = "MCP-Protocol-Version"
)

type limiter struct {
	mu     sync.Mutex
	tokens map[string]int
	reset  time.Time
	per    int
}

func (l *limiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if time.Now().After(l.reset) {
		l.tokens = map[string]int{}
		l.reset = time.Now().Add(time.Minute)
	}
	l.tokens[key]++
	return l.tokens[key] <= l.per
}

type Relay struct {
	Upstream string
	Client   *http.Client
	lim      *limiter
}

func NewRelay(upstream string) *Relay {
	return &Relay{Upstream: upstream, Client: &http.Client{}, lim: &limiter{per: 600}}
}

func (p *Relay) Handler(c *fiber.Ctx) error {
	if !p.lim.allow(c.IP()) {
		c.Set("Retry-After", "60")
		return c.Status(fiber.StatusTooManyRequests).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32000, "message": "Too Many Requests"}})
	}

	req, err := http.NewRequestWithContext(c.UserContext(), c.Method(), p.Upstream, bytes.NewReader(c.Body()))
	if err != nil {
		return err
	}
	for _, h := range passHeaders {
		if v := c.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	if sid := c.Get(hSession); sid != "" {
		req.Header.Set(hSession, sid)
	}
	if v := c.Get(hVersion); v != "" {
		req.Header.Set(hVersion, v)
	}

	resp, err := p.Client.Do(req)
	if err != nil {
		return c.Status(fiber.StatusBadGateway).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32603, "message": "Internal error"}})
	}
	defer resp.Body.Close()

	for _, h := range []string{"Content-Type", hSession, "Cache-Control"} {
		if v := resp.Header.Get(h); v != "" {
			c.Set(h, v)
		}
	}
	c.Status(resp.StatusCode)
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return c.Send(body)
}
