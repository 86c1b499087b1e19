// Package s07 serves MCP with labstack/echo.
package s07

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

func errResp(id json.RawMessage, code int, msg string) Response {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return Response{JSONRPC: "2.0", ID: id, Error: &RPCError{Code: code, Message: msg}}
}

type Handler struct {
	sessions sync.Map
}

func New() *echo.Echo {
	h := &Handler{}
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Logger(), middleware.Recover())
	e.POST("/mcp", h.Post)
	e.DELETE("/mcp", h.Delete)
	return e
}

func newSessionID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func (h *Handler) Post(c echo.Context) error {
	var req Request
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return c.JSON(http.StatusBadRequest, errResp(nil, -32600, "Invalid Request"))
	}
	if req.JSONRPC != "2.0" {
		return c.JSON(http.StatusBadRequest, errResp(nil, -32600, "Invalid Request: jsonrpc must be \"2.0\""))
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			return c.JSON(http.StatusBadRequest, errResp(nil, -32600, "Invalid Request: initialize without id"))
		}
		sid, err := newSessionID()
		if err != nil {
			c.Logger().Errorf("session id: %v", err)
			return c.JSON(http.StatusInternalServerError, errResp(req.ID, -32603, "Internal error"))
		}
		h.sessions.Store(sid, struct{}{})
		c.Response().Header().Set("Mcp-Session-Id", sid)
		return c.JSON(http.StatusOK, Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{
			"protocolVersion": "2025-03-26",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s07", "version": "0.9.0"},
		}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errResp(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if _, ok := h.sessions.Load(sid); !ok {
		return c.JSON(http.StatusNotFound, errResp(req.ID, -32001, "Session not found"))
	}
	if len(req.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}

	switch req.Method {
	case "ping":
		return c.JSON(http.StatusOK, Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}})
	case "tools/list":
		return c.JSON(http.StatusOK, Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"tools": []any{}}})
	}
	return c.JSON(http.StatusOK, errResp(req.ID, -32601, "Method not found"))
}

func (h *Handler) Delete(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errResp(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if _, ok := h.sessions.LoadAndDelete(sid); !ok {
		return c.JSON(http.StatusNotFound, errResp(nil, -32001, "Session not found"))
	}
	return c.NoContent(http.StatusNoContent)
}
