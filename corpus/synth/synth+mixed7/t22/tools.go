package t22

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"example.com/synth/mixed7/t22/rpc"
)

type ToolFunc func(args map[string]any) (any, error)

type Server struct {
	tools    map[string]ToolFunc
	sessions sync.Map
}

func NewServer(tools map[string]ToolFunc) *Server { return &Server{tools: tools} }

func (s *Server) Routes(e *echo.Echo) { e.POST("/mcp", s.handle) }

func (s *Server) handle(c echo.Context) error {
	var req rpc.Request
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return c.JSON(http.StatusBadRequest, rpc.Fail(nil, -32700, "Parse error"))
	}
	if req.Method == "initialize" {
		id := uuid.NewString()
		s.sessions.Store(id, true)
		c.Response().Header().Set("Mcp-Session-Id", id)
		return c.JSON(http.StatusOK, rpc.OK(req.ID, json.RawMessage(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}}}`)))
	}
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, rpc.Fail(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if _, ok := s.sessions.Load(sid); !ok {
		return c.JSON(http.StatusNotFound, rpc.Fail(req.ID, -32001, "Session not found"))
	}
	if len(req.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	if req.Method != "tools/call" {
		return c.JSON(http.StatusOK, rpc.Fail(req.ID, -32601, "Method not found"))
	}
	return s.callTool(c, &req)
}

func (s *Server) callTool(c echo.Context, req *rpc.Request) error {
	var p struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return c.JSON(http.StatusOK, rpc.Fail(req.ID, -32602, "Invalid params"))
	}
	fn, ok := s.tools[p.Name]
	if !ok {
		return c.JSON(http.StatusOK, rpc.Fail(req.ID, -32602, "Unknown tool: "+p.Name))
	}
	out, err := fn(p.Arguments)
	if err != nil {
		return c.JSON(http.StatusOK, rpc.OK(req.ID, mustJSON(map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": err.Error()}}})))
	}
	raw, err := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "structured": out}}})
	if err != nil {
		c.Logger().Errorf("marshal tool result: %v", err)
		return c.JSON(http.StatusBadRequest, rpc.Fail(req.ID, -32603, "could not encode tool result"))
	}
	return c.JSON(http.StatusOK, rpc.OK(req.ID, raw))
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
