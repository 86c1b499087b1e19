// Package server is fasttools' fiber front end. It accepts JSON-RPC
// batches for clients on the 2025-03-26 revision.
package server

import (
	"bytes"

	"github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"

	"example.com/synth/sessions5/fasttools/internal/sessions"
)

type Server struct {
	Sessions *sessions.Table
}

type msg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func rpcErr(c *fiber.Ctx, status, code int, text string) error {
	return c.Status(status).JSON(fiber.Map{
		"jsonrpc": "2.0", "id": nil,
		"error": fiber.Map{"code": code, "message": text},
	})
}

func (s *Server) Register(app *fiber.App) {
	app.Post("/mcp", s.post)
	app.Delete("/mcp", s.del)
}

func decode(body []byte) ([]msg, bool, error) {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		var batch []msg
		err := json.Unmarshal(body, &batch)
		return batch, true, err
	}
	var one msg
	err := json.Unmarshal(body, &one)
	return []msg{one}, false, err
}

func (s *Server) post(c *fiber.Ctx) error {
	msgs, isBatch, err := decode(c.Body())
	if err != nil {
		return rpcErr(c, fiber.StatusBadRequest, -32700, "Parse error")
	}
	if isBatch && len(msgs) == 0 {
		return rpcErr(c, fiber.StatusBadRequest, -32600, "Invalid Request: empty batch")
	}

	var opened *sessions.Session
	for i, m := range msgs {
		if m.Method != "initialize" {
			continue
		}
		if opened == nil {
			opened = s.Sessions.Open()
		}
		if isBatch || i > 0 {
			return rpcErr(c, fiber.StatusBadRequest, -32600, "Invalid Request: initialize must not be part of a batch")
		}
	}
	if opened != nil {
		c.Set("Mcp-Session-Id", opened.ID)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": msgs[0].ID, "result": fiber.Map{
			"protocolVersion": "2025-03-26",
			"capabilities":    fiber.Map{"tools": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": "fasttools", "version": "0.6.0"},
		}})
	}

	if err := s.Sessions.Validate(c.Get("Mcp-Session-Id")); err != nil {
		return fiber.NewError(fiber.StatusNotFound, err.Error())
	}

	var out []fiber.Map
	for _, m := range msgs {
		if len(m.ID) == 0 {
			continue
		}
		out = append(out, fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{}})
	}
	switch {
	case len(out) == 0:
		return c.SendStatus(fiber.StatusAccepted)
	case !isBatch:
		return c.JSON(out[0])
	}
	return c.JSON(out)
}

func (s *Server) del(c *fiber.Ctx) error {
	id := c.Get("Mcp-Session-Id")
	if id == "" {
		return rpcErr(c, fiber.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if !s.Sessions.Close(id) {
		return rpcErr(c, fiber.StatusNotFound, -32001, "Session not found")
	}
	return c.SendStatus(fiber.StatusNoContent)
}
