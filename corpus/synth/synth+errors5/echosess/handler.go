// Package echosess is the MCP endpoint of the translation service, on
// echo, with sessions in a bounded in-memory table.
package echosess

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"example.com/synth/errors5/echosess/internal/lru"
)

type clientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type Handler struct {
	table *lru.Table[clientInfo]
	tr    Translator
}

func New(tr Translator) *Handler {
	return &Handler{table: lru.New[clientInfo](10_000, 8*time.Hour, 10*time.Minute), tr: tr}
}

func (h *Handler) Register(e *echo.Echo) {
	g := e.Group("/mcp", recoverRPC)
	g.POST("", h.post)
	g.DELETE("", h.del)
}

// Shutdown stops accepting session traffic.
func (h *Handler) Shutdown() { h.table.Close() }

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (h *Handler) post(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return rpcHTTPError(http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return rpcHTTPError(http.StatusBadRequest, nil, -32700, "Parse error")
		}
		return rpcHTTPError(http.StatusBadRequest, nil, -32600, "Invalid Request")
	}
	if m.JSONRPC != "2.0" || m.Method == "" {
		return rpcHTTPError(http.StatusBadRequest, m.ID, -32600, "Invalid Request")
	}

	if m.Method == "initialize" {
		var p struct {
			ClientInfo clientInfo `json:"clientInfo"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return rpcHTTPError(http.StatusBadRequest, m.ID, -32602, "Invalid params")
		}
		sid := uuid.NewString()
		if err := h.table.Put(sid, p.ClientInfo); err != nil {
			c.Logger().Warnf("session table: %v", err)
			return rpcHTTPError(http.StatusBadRequest, m.ID, -32603, "cannot open a session right now")
		}
		c.Response().Header().Set("Mcp-Session-Id", sid)
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "translate", "version": "2.2.0"},
		}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return rpcHTTPError(http.StatusBadRequest, m.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if _, err := h.table.Get(sid); err != nil {
		switch {
		case errors.Is(err, lru.ErrNotFound):
			return rpcHTTPError(http.StatusNotFound, m.ID, -32001, "Session not found")
		default:
			return rpcHTTPError(http.StatusNotFound, m.ID, -32001, "Session not found")
		}
	}
	if len(m.ID) == 0 || string(m.ID) == "null" {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, h.call(c, &m))
}

func (h *Handler) del(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return rpcHTTPError(http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	if !h.table.Delete(sid) {
		return rpcHTTPError(http.StatusNotFound, nil, -32001, "Session not found")
	}
	return c.NoContent(http.StatusNoContent)
}
