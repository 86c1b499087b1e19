package main

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"example.com/synth/sessions5/fiberhub/internal/apierr"
	"example.com/synth/sessions5/fiberhub/internal/registry"
)

type hub struct {
	reg *registry.Registry
}

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (h *hub) post(c *fiber.Ctx) error {
	var msg rpcMessage
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		return apierr.Send(c, fiber.StatusBadRequest, -32700, "Parse error", nil)
	}
	if msg.JSONRPC != "2.0" {
		return apierr.Send(c, fiber.StatusBadRequest, -32600, "Invalid Request", nil)
	}
	if msg.Method == "initialize" {
		return h.initialize(c, &msg)
	}

	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fiber.NewError(fiber.StatusUnauthorized, "missing Mcp-Session-Id")
	}
	entry, ok := h.reg.Lookup(sid)
	if !ok {
		return apierr.Send(c, fiber.StatusNotFound, -32001, "Session not found", msg.ID)
	}

	if msg.ID == nil {
		if msg.Method == "notifications/initialized" {
			entry.Initialized = true
		}
		return c.SendStatus(fiber.StatusAccepted)
	}
	return h.call(c, entry, &msg)
}

type initializeParams struct {
	ProtocolVersion *string `json:"protocolVersion"`
	ClientInfo      struct {
		Name string `json:"name"`
	} `json:"clientInfo"`
}

func (h *hub) initialize(c *fiber.Ctx, msg *rpcMessage) error {
	entry := &registry.Entry{
		ID:       uuid.NewString(),
		OpenedAt: time.Now(),
		Notify:   make(chan []byte, 8),
	}
	h.reg.Add(entry)

	var params initializeParams
	if err := json.Unmarshal(msg.Params, &params); err != nil || params.ProtocolVersion == nil {
		return apierr.Send(c, fiber.StatusBadRequest, -32602, "Invalid params: initialize needs protocolVersion", msg.ID)
	}
	entry.ClientName = params.ClientInfo.Name
	entry.Negotiated = "2025-06-18"

	c.Set("Mcp-Session-Id", entry.ID)
	return c.JSON(fiber.Map{
		"jsonrpc": "2.0",
		"id":      msg.ID,
		"result": fiber.Map{
			"protocolVersion": entry.Negotiated,
			"capabilities":    fiber.Map{"tools": fiber.Map{"listChanged": false}},
			"serverInfo":      fiber.Map{"name": "fiberhub", "version": "2.1.0"},
		},
	})
}

func (h *hub) call(c *fiber.Ctx, e *registry.Entry, msg *rpcMessage) error {
	switch msg.Method {
	case "ping":
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{}})
	case "tools/list":
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msg.ID, "result": fiber.Map{"tools": []fiber.Map{}}})
	}
	return apierr.Send(c, fiber.StatusNotFound, -32601, "Method not found", msg.ID)
}

func (h *hub) del(c *fiber.Ctx) error {
	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return apierr.Send(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
	}
	if !h.reg.Drop(sid) {
		return apierr.Send(c, fiber.StatusNotFound, -32001, "Session not found", nil)
	}
	return c.SendStatus(fiber.StatusNoContent)
}
