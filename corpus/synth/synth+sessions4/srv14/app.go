package srv14

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

const (
	SessionHeader  = "Mcp-Session-Id"
	VersionHeader  = "MCP-Protocol-Version"
	StatelessEra   = "2026-07-28"
	DefaultVersion = "2025-11-25"
)

type state struct {
	version string
	seen    time.Time
}

type App struct {
	sessions sync.Map
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func rpcError(code int, message string) fiber.Map {
	return fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": code, "message": message}}
}

func (a *App) Install(app *fiber.App) {
	app.Post("/mcp", a.handle)
}

func (a *App) handle(c *fiber.Ctx) error {
	var m rpcMsg
	if err := json.Unmarshal(c.Body(), &m); err != nil {
		return c.Status(fiber.StatusBadRequest).JSON(rpcError(-32700, "Parse error"))
	}

	if c.Get(VersionHeader) == StatelessEra {
		return a.stateless(c, m)
	}

	if m.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(m.Params, &p)
		v := DefaultVersion
		switch p.ProtocolVersion {
		case "2025-03-26", "2025-06-18", "2025-11-25":
			v = p.ProtocolVersion
		}
		id := uuid.NewString()
		a.sessions.Store(id, &state{version: v, seen: time.Now()})
		c.Set(SessionHeader, id)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{"protocolVersion": v, "capabilities": fiber.Map{}}})
	}

	sid := c.Get(SessionHeader)
	if sid == "" {
		return c.Status(fiber.StatusNotFound).JSON(rpcError(-32001, "Session not found"))
	}
	v, ok := a.sessions.Load(sid)
	if !ok {
		return c.Status(fiber.StatusGone).JSON(rpcError(-32001, "Session expired"))
	}
	v.(*state).seen = time.Now()
	if len(m.ID) == 0 {
		return c.SendStatus(fiber.StatusAccepted)
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{}})
}

// stateless serves 2026-07-28 requests: no session lookup, nothing stored.
func (a *App) stateless(c *fiber.Ctx, m rpcMsg) error {
	if m.Method == "server/discover" {
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{
			"supportedVersions": []string{StatelessEra, "2025-11-25", "2025-06-18", "2025-03-26"},
		}})
	}
	if len(m.ID) == 0 {
		return c.SendStatus(fiber.StatusAccepted)
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{}})
}
