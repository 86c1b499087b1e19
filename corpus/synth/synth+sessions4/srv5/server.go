package srv5

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// KV is the subset of a Redis client we use.
type KV interface {
	Get(ctx context.Context, key string) (string, error)
	Set(ctx context.Context, key, value string, ttl time.Duration) error
	Del(ctx context.Context, keys ...string) error
}

// ErrNil mirrors redis.Nil.
var ErrNil = errors.New("kv: nil")

const sessionTTL = 30 * time.Minute

var supported = map[string]bool{
	"2026-07-28": true,
	"2025-11-25": true,
	"2025-06-18": true,
}

type record struct {
	Version string    `json:"v"`
	Created time.Time `json:"c"`
}

type Server struct {
	kv  KV
	app *fiber.App
}

func New(kv KV) *Server {
	s := &Server{kv: kv, app: fiber.New()}
	s.app.Post("/mcp", s.post)
	s.app.Get("/mcp", s.get)
	return s
}

func (s *Server) Listen(addr string) error { return s.app.Listen(addr) }

func key(id string) string { return "mcp:session:" + id }

func jerr(c *fiber.Ctx, status, code int, msg string) error {
	return c.Status(status).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": code, "message": msg}})
}

func (s *Server) post(c *fiber.Ctx) error {
	var req struct {
		ID     any             `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(c.Body(), &req); err != nil {
		return jerr(c, fiber.StatusBadRequest, -32700, "Parse error")
	}
	ctx := c.UserContext()

	if req.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		v := p.ProtocolVersion
		if !supported[v] {
			v = "2025-11-25"
		}
		id := uuid.NewString()
		raw, _ := json.Marshal(record{Version: v, Created: time.Now()})
		if err := s.kv.Set(ctx, key(id), string(raw), sessionTTL); err != nil {
			return jerr(c, fiber.StatusInternalServerError, -32603, "Internal error")
		}
		c.Set("Mcp-Session-Id", id)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": req.ID, "result": fiber.Map{"protocolVersion": v, "capabilities": fiber.Map{}}})
	}

	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return jerr(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, err := s.kv.Get(ctx, key(id)); err != nil {
		if errors.Is(err, ErrNil) {
			return jerr(c, fiber.StatusNotFound, -32001, "Session not found")
		}
		return jerr(c, fiber.StatusInternalServerError, -32603, "Internal error")
	}
	if req.ID == nil {
		return c.SendStatus(fiber.StatusAccepted)
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": req.ID, "result": fiber.Map{}})
}

// get opens the server-to-client SSE stream.
func (s *Server) get(c *fiber.Ctx) error {
	ctx := c.UserContext()
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return jerr(c, fiber.StatusNotFound, -32001, "Session not found")
	}
	if _, err := s.kv.Get(ctx, key(id)); errors.Is(err, ErrNil) {
		// Stream may outlive the TTL on reconnects; recreate the record.
		raw, _ := json.Marshal(record{Version: "2025-11-25", Created: time.Now()})
		_ = s.kv.Set(ctx, key(id), string(raw), sessionTTL)
	}
	c.Set("Content-Type", "text/event-stream")
	c.Set("Cache-Control", "no-cache")
	return c.SendString(": ok\n\n")
}
