// Package fiberbridge fronts an in-process MCP dispatcher with fiber and
// caches idempotent read results in redis.
package fiberbridge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"
	"github.com/redis/go-redis/v9"
)

// Dispatcher is the MCP server core; it never sees HTTP.
type Dispatcher interface {
	Dispatch(ctx context.Context, method string, params json.RawMessage) (any, error)
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type errObj struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *errObj         `json:"error,omitempty"`
}

func rpcErr(id json.RawMessage, code int, msg string) reply {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return reply{JSONRPC: "2.0", ID: id, Error: &errObj{Code: code, Message: msg}}
}

// cacheable methods are answered from redis when a fresh copy exists.
var cacheable = map[string]bool{"tools/list": true, "resources/list": true, "prompts/list": true}

type Bridge struct {
	core Dispatcher
	rdb  redis.UniversalClient
	ttl  time.Duration
}

func New(core Dispatcher, rdb redis.UniversalClient) *Bridge {
	return &Bridge{core: core, rdb: rdb, ttl: 30 * time.Second}
}

func (b *Bridge) Register(app *fiber.App) {
	app.Post("/mcp", b.post)
}

func (b *Bridge) post(c *fiber.Ctx) error {
	body := c.Body()
	if !json.Valid(body) {
		return c.Status(fiber.StatusBadRequest).JSON(rpcErr(nil, -32700, "Parse error"))
	}
	var msg message
	if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" || msg.Method == "" {
		return c.Status(fiber.StatusBadRequest).JSON(rpcErr(nil, -32600, "Invalid Request"))
	}
	if len(msg.ID) == 0 {
		return c.SendStatus(fiber.StatusAccepted)
	}
	ctx := c.UserContext()

	var key string
	if cacheable[msg.Method] {
		key = cacheKey(msg)
		hit, err := b.rdb.Get(ctx, key).Bytes()
		if err != nil && !errors.Is(err, redis.Nil) {
			return c.Status(fiber.StatusBadRequest).JSON(rpcErr(msg.ID, -32600, "cache unavailable"))
		}
		if err == nil {
			c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
			return c.Send(withID(hit, msg.ID))
		}
	}

	result, err := b.core.Dispatch(ctx, msg.Method, msg.Params)
	if err != nil {
		var de *DispatchError
		if errors.As(err, &de) {
			return c.Status(fiber.StatusOK).JSON(rpcErr(msg.ID, de.Code, de.Message))
		}
		return c.Status(fiber.StatusInternalServerError).JSON(rpcErr(msg.ID, -32603, "Internal error"))
	}

	out, err := json.Marshal(reply{JSONRPC: "2.0", ID: msg.ID, Result: result})
	if err != nil {
		return c.Status(fiber.StatusInternalServerError).JSON(rpcErr(msg.ID, -32700, "could not encode result"))
	}
	if key != "" {
		b.rdb.Set(ctx, key, out, b.ttl)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(out)
}

// DispatchError is a JSON-RPC error raised by a method.
type DispatchError struct {
	Code    int
	Message string
}

func (e *DispatchError) Error() string { return e.Message }

func cacheKey(m message) string {
	h := sha256.New()
	h.Write([]byte(m.Method))
	h.Write(m.Params)
	return "mcp:cache:" + hex.EncodeToString(h.Sum(nil))
}

// withID rewrites the cached reply's id to the current request's.
func withID(cached []byte, id json.RawMessage) []byte {
	var r map[string]json.RawMessage
	if err := json.Unmarshal(cached, &r); err != nil {
		return cached
	}
	r["id"] = id
	out, err := json.Marshal(r)
	if err != nil {
		return cached
	}
	return out
}
