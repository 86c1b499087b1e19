// Package fiberkv exposes a key/value namespace as MCP tools, on fiber.
package fiberkv

import (
	"encoding/json"
	"errors"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/log"

	"example.com/synth/errors5/fiberkv/internal/sessions"
)

type Handler struct {
	store *sessions.Store
	kv    KV
}

func NewApp(store *sessions.Store, kv KV) *fiber.App {
	h := &Handler{store: store, kv: kv}
	app := fiber.New(fiber.Config{
		AppName:      "fiberkv",
		ErrorHandler: rpcErrorHandler,
	})
	app.Post("/mcp", h.post)
	app.Delete("/mcp", h.del)
	return app
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (h *Handler) post(c *fiber.Ctx) error {
	var msg message
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		log.Warnw("undecodable request", "err", err)
		return c.Status(fiber.StatusInternalServerError).JSON(rpcErr(nil, -32700, "Parse error"))
	}
	if msg.JSONRPC != "2.0" {
		return c.Status(fiber.StatusBadRequest).JSON(rpcErr(msg.ID, -32600, "Invalid Request"))
	}

	ctx := c.UserContext()
	if msg.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
			ClientInfo      struct {
				Name string `json:"name"`
			} `json:"clientInfo"`
		}
		if err := json.Unmarshal(msg.Params, &p); err != nil {
			return c.Status(fiber.StatusBadRequest).JSON(rpcErr(msg.ID, -32602, "Invalid params"))
		}
		sess, err := h.store.Create(ctx, p.ClientInfo.Name, "2025-06-18")
		if err != nil {
			log.Errorw("create session", "err", err)
			return c.Status(fiber.StatusInternalServerError).JSON(rpcErr(msg.ID, -32603, "Internal error"))
		}
		c.Set("Mcp-Session-Id", sess.ID)
		return c.JSON(rpcResult(msg.ID, fiber.Map{
			"protocolVersion": sess.Protocol,
			"capabilities":    fiber.Map{"tools": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": "fiberkv", "version": "0.9.0"},
		}))
	}

	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fiber.NewError(fiber.StatusBadRequest, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, err := h.store.Get(ctx, sid); err != nil {
		return fiber.NewError(fiber.StatusNotFound, "Session not found")
	}

	if len(msg.ID) == 0 {
		return c.SendStatus(fiber.StatusAccepted)
	}
	res, rerr := h.call(ctx, &msg)
	if rerr != nil {
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "error": rerr})
	}
	return c.JSON(rpcResult(msg.ID, res))
}

func (h *Handler) del(c *fiber.Ctx) error {
	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fiber.NewError(fiber.StatusBadRequest, "Bad Request: Mcp-Session-Id header is required")
	}
	err := h.store.Delete(c.UserContext(), sid)
	switch {
	case errors.Is(err, sessions.ErrNotFound):
		return fiber.NewError(fiber.StatusNotFound, "Session not found")
	case err != nil:
		log.Errorw("delete session", "sid", sid, "err", err)
		return fiber.NewError(fiber.StatusInternalServerError, "Internal error")
	}
	return c.SendStatus(fiber.StatusNoContent)
}
