package t02

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Result  any       `json:"result,omitempty"`
	Error   *rpcError `json:"error,omitempty"`
}

type session struct {
	id    string
	tools []string
}

var sessions sync.Map

func errResp(id any, code int, msg string) rpcResponse {
	return rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}

func Register(e *echo.Echo) {
	e.POST("/mcp", handleMCP)
	e.DELETE("/mcp", handleDelete)
}

func handleMCP(c echo.Context) error {
	var req rpcRequest
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return c.JSON(http.StatusBadRequest, errResp(nil, -32700, "Parse error"))
	}
	if req.JSONRPC != "2.0" {
		return c.JSON(http.StatusBadRequest, errResp(req.ID, -32600, "Invalid Request"))
	}

	if req.Method == "initialize" {
		s := &session{id: uuid.NewString(), tools: []string{"echo"}}
		sessions.Store(s.id, s)
		c.Response().Header().Set("Mcp-Session-Id", s.id)
		return c.JSON(http.StatusOK, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "echo-mcp", "version": "0.3.1"},
		}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errResp(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	v, ok := sessions.Load(sid)
	if !ok {
		return c.JSON(http.StatusBadRequest, errResp(req.ID, -32001, "invalid session"))
	}
	s := v.(*session)

	if req.ID == nil {
		return c.NoContent(http.StatusAccepted)
	}
	switch req.Method {
	case "tools/list":
		return c.JSON(http.StatusOK, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"tools": s.tools}})
	case "ping":
		return c.JSON(http.StatusOK, rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}})
	}
	return c.JSON(http.StatusOK, errResp(req.ID, -32601, "Method not found"))
}

func handleDelete(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errResp(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if _, loaded := sessions.LoadAndDelete(sid); !loaded {
		return c.JSON(http.StatusNotFound, errResp(nil, -32001, "Session not found"))
	}
	return c.NoContent(http.StatusNoContent)
}
