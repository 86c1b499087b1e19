// Package echomcp exposes the tool registry over MCP using echo.
package echomcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"example.com/synth/sessions2/echomcp/session"
)

const headerSession = "Mcp-Session-Id"

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type Tools interface {
	Call(c echo.Context, method string, params json.RawMessage) (any, error)
}

type Server struct {
	sessions *session.Manager
	tools    Tools
	tokens   map[string]string // bearer token -> tenant
}

func New(sessions *session.Manager, tools Tools, tokens map[string]string) *Server {
	return &Server{sessions: sessions, tools: tools, tokens: tokens}
}

func (s *Server) Mount(e *echo.Echo) {
	g := e.Group("/mcp", middleware.BodyLimit("4M"), s.bearerAuth)
	g.POST("", s.handleMessage)
	g.GET("", s.handleStream)
	g.DELETE("", s.handleDelete)
}

func (s *Server) bearerAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		auth := c.Request().Header.Get(echo.HeaderAuthorization)
		tok, found := strings.CutPrefix(auth, "Bearer ")
		tenant, ok := s.tokens[tok]
		if !found || !ok {
			c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="mcp"`)
			return echo.NewHTTPError(http.StatusUnauthorized, "invalid or missing bearer token")
		}
		c.Set("tenant", tenant)
		return next(c)
	}
}

func (s *Server) handleMessage(c echo.Context) error {
	sid := c.Request().Header.Get(headerSession)

	var msg message
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return c.JSON(http.StatusBadRequest, rpcErr(nil, -32700, "Parse error"))
	}
	if msg.Method == "initialize" {
		return s.initialize(c, &msg)
	}
	if sid == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing Mcp-Session-Id header")
	}
	if err := s.sessions.Touch(sid); err != nil {
		if errors.Is(err, session.ErrExpired) {
			return echo.NewHTTPError(http.StatusUnauthorized, "session expired, please re-authenticate")
		}
		return fmt.Errorf("touch session %q: %w", sid, err)
	}

	if len(msg.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	res, err := s.tools.Call(c, msg.Method, msg.Params)
	if err != nil {
		return c.JSON(http.StatusOK, rpcErr(msg.ID, -32603, err.Error()))
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": res})
}

func (s *Server) initialize(c echo.Context, msg *message) error {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(msg.Params, &p)
	sid := s.sessions.Create(p.ProtocolVersion)
	c.Response().Header().Set(headerSession, sid)
	return c.JSON(http.StatusOK, map[string]any{
		"jsonrpc": "2.0",
		"id":      msg.ID,
		"result": map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "echo-mcp", "version": "1.3.0"},
		},
	})
}

func (s *Server) handleStream(c echo.Context) error {
	sid := c.Request().Header.Get(headerSession)
	if sid == "" || !s.sessions.Exists(sid) {
		return c.JSON(http.StatusNotFound, rpcErr(nil, -32001, "Session not found"))
	}
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.WriteHeader(http.StatusOK)
	w.Flush()
	<-c.Request().Context().Done()
	return nil
}

func (s *Server) handleDelete(c echo.Context) error {
	sid := c.Request().Header.Get(headerSession)
	if sid == "" {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if !s.sessions.Remove(sid) {
		return echo.NewHTTPError(http.StatusNotFound, "Session not found")
	}
	return c.NoContent(http.StatusNoContent)
}

func rpcErr(id json.RawMessage, code int, msg string) map[string]any {
	var rid any
	if len(id) > 0 {
		rid = id
	}
	return map[string]any{"jsonrpc": "2.0", "id": rid, "error": map[string]any{"code": code, "message": msg}}
}
