package fiberauth

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

type App struct {
	store Store
}

func NewApp(store Store) *fiber.App {
	a := &App{store: store}
	app := fiber.New(fiber.Config{ErrorHandler: rpcErrorHandler})
	app.Post("/mcp", a.session, a.post)
	return app
}

func rpcErrorHandler(c *fiber.Ctx, err error) error {
	status := fiber.StatusInternalServerError
	var fe *fiber.Error
	if errors.As(err, &fe) {
		status = fe.Code
	}
	code := -32603
	if status < 500 {
		code = -32600
	}
	return c.Status(status).JSON(fiber.Map{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   fiber.Map{"code": code, "message": err.Error()},
	})
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

// session lets initialize through and resolves the session for everything else.
func (a *App) session(c *fiber.Ctx) error {
	var m message
	if err := json.Unmarshal(c.Body(), &m); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "Parse error")
	}
	c.Locals("msg", m)
	if m.Method == "initialize" {
		return c.Next()
	}
	sid := c.Get("Mcp-Session-Id")
	if sid == "" {
		return fiber.NewError(fiber.StatusBadRequest, "Bad Request: Mcp-Session-Id header is required")
	}
	rec, err := a.store.Get(c.UserContext(), sid)
	if err != nil {
		return err
	}
	c.Locals("session", rec)
	return c.Next()
}

func (a *App) post(c *fiber.Ctx) error {
	m := c.Locals("msg").(message)
	if m.Method == "initialize" {
		rec := Record{ID: uuid.NewString(), LastUsed: time.Now()}
		if err := a.store.Create(c.UserContext(), rec); err != nil {
			return err
		}
		c.Set("Mcp-Session-Id", rec.ID)
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{
			"protocolVersion": "2025-06-18",
			"capabilities":    fiber.Map{},
			"serverInfo":      fiber.Map{"name": "fiberauth", "version": "0.1.0"},
		}})
	}
	if len(m.ID) == 0 {
		return c.SendStatus(fiber.StatusAccepted)
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": m.ID, "result": fiber.Map{}})
}
