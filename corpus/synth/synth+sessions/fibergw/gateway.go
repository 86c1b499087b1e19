// Package fibergw is the edge of the MCP gateway: it keeps session records
// in Redis so any replica can serve a follow-up request.
package fibergw

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// HeaderSessionID is the Streamable HTTP session header.
const HeaderSessionID = "Mcp-Session-Id"

type record struct {
	Tenant    string    `json:"tenant"`
	Protocol  string    `json:"protocol"`
	CreatedAt time.Time `json:"created_at"`
}

// Gateway serves /mcp for every tenant.
type Gateway struct {
	rdb     *redis.Client
	ttl     time.Duration
	backend func(c *fiber.Ctx, sid string, rec record) error
}

func New(rdb *redis.Client, ttl time.Duration) *Gateway {
	return &Gateway{rdb: rdb, ttl: ttl}
}

func key(sid string) string { return "mcp:session:" + sid }

func errorBody(code int, msg string) fiber.Map {
	return fiber.Map{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   fiber.Map{"code": code, "message": msg},
	}
}

// Routes registers the gateway's handlers.
func (g *Gateway) Routes(app *fiber.App) {
	app.Post("/mcp", g.post)
	app.Get("/mcp", g.resume)
	app.Delete("/mcp", g.end)
}

func (g *Gateway) post(c *fiber.Ctx) error {
	var probe struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(c.Body(), &probe); err != nil {
		return c.Status(fiber.StatusBadRequest).JSON(errorBody(-32700, "Parse error"))
	}
	if probe.Method == "initialize" {
		return g.initialize(c)
	}

	sid := c.Get(HeaderSessionID)
	if sid == "" {
		return c.Status(fiber.StatusBadRequest).JSON(errorBody(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	raw, err := g.rdb.Get(c.UserContext(), key(sid)).Bytes()
	if err != nil {
		return c.Status(fiber.StatusInternalServerError).JSON(errorBody(-32603, "Internal error"))
	}
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return c.Status(fiber.StatusInternalServerError).JSON(errorBody(-32603, "Internal error"))
	}
	g.rdb.Expire(c.UserContext(), key(sid), g.ttl)
	return g.backend(c, sid, rec)
}

func (g *Gateway) initialize(c *fiber.Ctx) error {
	sid := uuid.NewString()
	rec := record{Tenant: c.Hostname(), CreatedAt: time.Now().UTC()}
	if err := g.backend(c, sid, rec); err != nil {
		return err
	}
	if c.Response().StatusCode() != fiber.StatusOK {
		return nil
	}
	buf, _ := json.Marshal(rec)
	if err := g.rdb.Set(c.UserContext(), key(sid), buf, g.ttl).Err(); err != nil {
		return c.Status(fiber.StatusServiceUnavailable).JSON(errorBody(-32000, "Service Unavailable: session store"))
	}
	c.Set(HeaderSessionID, sid)
	return nil
}

// resume attaches the standalone SSE stream. After a failover the record
// may not have reached this replica's view yet, so it is written back.
func (g *Gateway) resume(c *fiber.Ctx) error {
	sid := c.Get(HeaderSessionID)
	if sid == "" {
		return c.Status(fiber.StatusBadRequest).JSON(errorBody(-32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	rec := record{Tenant: c.Hostname(), CreatedAt: time.Now().UTC()}
	buf, _ := json.Marshal(rec)
	if _, err := g.rdb.SetNX(c.UserContext(), key(sid), buf, g.ttl).Result(); err != nil {
		return c.Status(fiber.StatusServiceUnavailable).JSON(errorBody(-32000, "Service Unavailable: session store"))
	}
	c.Set(fiber.HeaderContentType, "text/event-stream")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	return c.SendStatus(fiber.StatusOK)
}

func (g *Gateway) end(c *fiber.Ctx) error {
	sid := c.Get(HeaderSessionID)
	n, err := g.rdb.Del(c.UserContext(), key(sid)).Result()
	if err != nil {
		return c.Status(fiber.StatusServiceUnavailable).JSON(errorBody(-32000, "Service Unavailable: session store"))
	}
	if n == 0 {
		return c.Status(fiber.StatusNotFound).JSON(errorBody(-32001, "Session not found"))
	}
	return c.SendStatus(fiber.StatusNoContent)
}
