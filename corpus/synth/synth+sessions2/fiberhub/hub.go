// Package fiberhub is the MCP front door of the notification hub. Each
// session owns an outbound queue that the GET stream drains.
package fiberhub

import (
	"bufio"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

const hdrSession = "Mcp-Session-Id"

type conn struct {
	id      string
	created time.Time
	out     chan []byte
	once    sync.Once
}

func newConn(id string) *conn {
	return &conn{id: id, created: time.Now(), out: make(chan []byte, 64)}
}

func (c *conn) close() { c.once.Do(func() { close(c.out) }) }

type Hub struct {
	conns sync.Map // string -> *conn
	calls CallRouter
}

type CallRouter interface {
	Route(sessionID, method string, params json.RawMessage) (any, *RPCError)
}

type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

func NewHub(calls CallRouter) *Hub { return &Hub{calls: calls} }

func (h *Hub) Routes(app *fiber.App) {
	app.Post("/mcp", h.post)
	app.Get("/mcp", h.listen)
	app.Delete("/mcp", h.hangup)
}

func (h *Hub) post(c *fiber.Ctx) error {
	var msg envelope
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		return c.Status(fiber.StatusBadRequest).JSON(envelope{JSONRPC: "2.0", Error: &RPCError{-32700, "Parse error"}})
	}

	if msg.Method == "initialize" {
		id := uuid.NewString()
		h.conns.Store(id, newConn(id))
		c.Set(hdrSession, id)
		return c.JSON(envelope{JSONRPC: "2.0", ID: msg.ID, Result: fiber.Map{
			"protocolVersion": "2025-03-26",
			"capabilities":    fiber.Map{"tools": fiber.Map{}, "logging": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": "notify-hub", "version": "2.1.0"},
		}})
	}

	sid := c.Get(hdrSession)
	if sid == "" {
		return c.Status(fiber.StatusBadRequest).JSON(envelope{JSONRPC: "2.0", ID: msg.ID,
			Error: &RPCError{-32000, "Bad Request: Mcp-Session-Id header is required"}})
	}
	if _, ok := h.conns.Load(sid); !ok {
		return c.Status(fiber.StatusOK).JSON(envelope{JSONRPC: "2.0", ID: msg.ID,
			Error: &RPCError{-32001, "Session not found"}})
	}

	if msg.ID == nil {
		return c.SendStatus(fiber.StatusAccepted)
	}
	res, rpcErr := h.calls.Route(sid, msg.Method, msg.Params)
	return c.JSON(envelope{JSONRPC: "2.0", ID: msg.ID, Result: res, Error: rpcErr})
}

func (h *Hub) listen(c *fiber.Ctx) error {
	sid := c.Get(hdrSession)
	if sid == "" {
		return fiber.NewError(fiber.StatusBadRequest, "Mcp-Session-Id header is required")
	}
	// Clients that reconnect their stream before any POST still get a queue.
	v, _ := h.conns.LoadOrStore(sid, newConn(sid))
	cn := v.(*conn)

	c.Set(fiber.HeaderContentType, "text/event-stream")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		for frame := range cn.out {
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", frame)
			if err := w.Flush(); err != nil {
				return
			}
		}
	})
	return nil
}

func (h *Hub) hangup(c *fiber.Ctx) error {
	sid := c.Get(hdrSession)
	if v, ok := h.conns.LoadAndDelete(sid); ok {
		v.(*conn).close()
	}
	return c.SendStatus(fiber.StatusNoContent)
}
