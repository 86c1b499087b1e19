package fiberrelay

import (
	"fmt"
	"time"

	"github.com/bytedance/sonic"
	"github.com/gofiber/fiber/v2"
)

const (
	errParse    = -32700
	errInvalid  = -32600
	errInternal = -32603
)

type message struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id,omitempty"`
	Method  string         `json:"method,omitempty"`
	Params  any            `json:"params,omitempty"`
	Result  any            `json:"result,omitempty"`
	Error   map[string]any `json:"error,omitempty"`
}

// Relay sits in front of a fleet of MCP backends and picks one per tool
// prefix. Everything else goes to the default backend.
type Relay struct {
	Backends map[string]string
	Default  string
	Timeout  time.Duration
}

func fail(c *fiber.Ctx, status int, id any, code int, msg string) error {
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	b, _ := sonic.Marshal(message{JSONRPC: "2.0", ID: id, Error: map[string]any{"code": code, "message": msg}})
	return c.Status(status).Send(b)
}

func (rl *Relay) Setup(app *fiber.App) {
	app.Post("/mcp", rl.forward)
}

func (rl *Relay) pick(m *message) string {
	if m.Method == "tools/call" {
		if p, ok := m.Params.(map[string]any); ok {
			if name, ok := p["name"].(string); ok {
				for prefix, url := range rl.Backends {
					if len(name) > len(prefix) && name[:len(prefix)] == prefix {
						return url
					}
				}
			}
		}
	}
	return rl.Default
}

func (rl *Relay) forward(c *fiber.Ctx) error {
	var in message
	if err := sonic.Unmarshal(c.Body(), &in); err != nil {
		return fail(c, fiber.StatusBadRequest, nil, errParse, "Parse error")
	}
	if in.JSONRPC != "2.0" {
		return fail(c, fiber.StatusBadRequest, in.ID, errInvalid, "Invalid Request")
	}

	agent := fiber.Post(rl.pick(&in)).
		Body(c.Body()).
		ContentType(fiber.MIMEApplicationJSON).
		Set("Accept", "application/json").
		Timeout(rl.Timeout)
	if sid := c.Get("Mcp-Session-Id"); sid != "" {
		agent.Set("Mcp-Session-Id", sid)
	}

	code, body, errs := agent.Bytes()
	if len(errs) > 0 {
		return fail(c, fiber.StatusBadRequest, in.ID, errInternal, fmt.Sprintf("backend: %v", errs[0]))
	}
	if code >= 500 {
		return fail(c, fiber.StatusBadGateway, in.ID, errInternal, fmt.Sprintf("backend returned %d", code))
	}

	var out message
	if err := sonic.Unmarshal(body, &out); err != nil {
		return fail(c, fiber.StatusBadGateway, in.ID, errInternal, "backend sent a malformed reply")
	}
	out.JSONRPC = "2.0"
	b, err := sonic.Marshal(out)
	if err != nil {
		return fail(c, fiber.StatusInternalServerError, in.ID, errInternal, "encode reply")
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Status(code).Send(b)
}
