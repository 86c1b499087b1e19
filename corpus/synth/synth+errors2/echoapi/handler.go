// Package echoapi serves MCP prompts from a SQL catalogue on an echo server.
package echoapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type Handler struct {
	prompts  PromptService
	validate *validator.Validate
}

func Mount(e *echo.Echo, prompts PromptService) *Handler {
	h := &Handler{prompts: prompts, validate: validator.New()}
	e.HTTPErrorHandler = errorHandler
	e.POST("/mcp", h.Post)
	return h
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type getPromptParams struct {
	Name      string            `json:"name" validate:"required,max=128"`
	Arguments map[string]string `json:"arguments"`
}

func (h *Handler) Post(c echo.Context) error {
	var msg message
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return newRPCError(nil, CodeParseError, "Parse error", err)
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		return newRPCError(msg.ID, CodeInvalidRequest, "Invalid Request", nil)
	}

	switch msg.Method {
	case "initialize":
		return h.initialize(c, &msg)
	case "prompts/list":
		list, next, err := h.prompts.List(c.Request().Context(), "", 50)
		if err != nil {
			return newRPCError(msg.ID, CodeInternal, "Internal error", err)
		}
		out := make([]map[string]string, 0, len(list))
		for _, p := range list {
			out = append(out, map[string]string{"name": p.Name, "description": p.Description})
		}
		res := map[string]any{"prompts": out}
		if next != "" {
			res["nextCursor"] = next
		}
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": res})
	case "prompts/get":
		return h.getPrompt(c, &msg)
	}
	return newRPCError(msg.ID, CodeMethodNotFound, "Method not found", nil)
}

func (h *Handler) initialize(c echo.Context, msg *message) error {
	sid, err := uuid.NewRandom()
	if err != nil {
		return newRPCError(msg.ID, CodeInvalidRequest, "could not start session", err)
	}
	c.Response().Header().Set("Mcp-Session-Id", sid.String())
	return c.JSON(http.StatusOK, map[string]any{
		"jsonrpc": "2.0",
		"id":      msg.ID,
		"result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"prompts": map[string]any{}},
			"serverInfo":      map[string]string{"name": "promptd", "version": "1.4.0"},
		},
	})
}

func (h *Handler) getPrompt(c echo.Context, msg *message) error {
	var p getPromptParams
	if err := json.Unmarshal(msg.Params, &p); err != nil {
		return newRPCError(msg.ID, CodeInvalidParams, "Invalid params", err)
	}
	if err := h.validate.Struct(p); err != nil {
		return newRPCError(msg.ID, CodeInvalidParams, "Invalid params: "+err.Error(), nil)
	}
	prompt, err := h.prompts.Get(c.Request().Context(), p.Name)
	if errors.Is(err, ErrPromptNotFound) {
		return newRPCError(msg.ID, CodeInvalidParams, "Unknown prompt: "+p.Name, nil)
	}
	if err != nil {
		return newRPCError(msg.ID, CodeInvalidParams, "prompt unavailable", err)
	}
	text := prompt.Template
	for k, v := range p.Arguments {
		text = strings.ReplaceAll(text, "{{"+k+"}}", v)
	}
	return c.JSON(http.StatusOK, map[string]any{
		"jsonrpc": "2.0",
		"id":      msg.ID,
		"result": map[string]any{
			"description": prompt.Description,
			"messages": []map[string]any{
				{"role": "user", "content": map[string]string{"type": "text", "text": text}},
			},
		},
	})
}
