package gw7

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

type sessionSet struct {
	mu  sync.RWMutex
	ids map[string]time.Time
}

func (s *sessionSet) Exists(id string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.ids[id]
	return ok
}

func (s *sessionSet) Add(id string) {
	s.mu.Lock()
	s.ids[id] = time.Now()
	s.mu.Unlock()
}

type Gateway struct {
	upstream   string
	upSession  string
	upProtocol string
	client     *http.Client
	sessions   *sessionSet
}

func NewGateway(upstream, upSession, upProtocol string) *Gateway {
	return &Gateway{
		upstream:   upstream,
		upSession:  upSession,
		upProtocol: upProtocol,
		client:     &http.Client{Timeout: time.Minute},
		sessions:   &sessionSet{ids: map[string]time.Time{}},
	}
}

func (g *Gateway) App() *fiber.App {
	app := fiber.New(fiber.Config{
		ErrorHandler: func(c *fiber.Ctx, err error) error {
			code := fiber.StatusInternalServerError
			if fe, ok := err.(*fiber.Error); ok {
				code = fe.Code
			}
			rpcCode := -32000
			if code >= 500 {
				rpcCode = -32603
			}
			return c.Status(code).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": rpcCode, "message": err.Error()}})
		},
	})
	app.Post("/mcp", g.initialize, g.requireSession, g.forward)
	return app
}

func (g *Gateway) initialize(c *fiber.Ctx) error {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal(c.Body(), &m); err != nil {
		return c.Status(fiber.StatusBadRequest).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32700, "message": "Parse error"}})
	}
	if m.Method != "initialize" {
		return c.Next()
	}
	id := uuid.NewString()
	g.sessions.Add(id)
	c.Set("Mcp-Session-Id", id)
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{
		"protocolVersion": g.upProtocol,
		"capabilities":    fiber.Map{"tools": fiber.Map{}},
		"serverInfo":      fiber.Map{"name": "gw7", "version": "1.2.0"},
	}})
}

func (g *Gateway) requireSession(c *fiber.Ctx) error {
	if !g.sessions.Exists(c.Get("Mcp-Session-Id")) {
		return fiber.ErrUnauthorized
	}
	return c.Next()
}

func (g *Gateway) forward(c *fiber.Ctx) error {
	req, err := http.NewRequestWithContext(c.UserContext(), http.MethodPost, g.upstream, bytes.NewReader(c.Body()))
	if err != nil {
		return err
	}
	c.Request().Header.VisitAll(func(k, v []byte) {
		req.Header.Add(string(k), string(v))
	})
	req.Header.Del("Host")
	req.Header.Set("Mcp-Session-Id", g.upSession)

	resp, err := g.client.Do(req)
	if err != nil {
		return fiber.NewError(fiber.StatusBadGateway, "upstream unavailable")
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	c.Set("Content-Type", resp.Header.Get("Content-Type"))
	return c.Status(resp.StatusCode).Send(body)
}
