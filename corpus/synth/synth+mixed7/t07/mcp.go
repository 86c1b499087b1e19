package t07

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const sessionKey = "mcp.session"

type Session struct {
	ID    string
	Count int
}

type Server struct {
	mu       sync.RWMutex
	sessions map[string]*Session
}

type Envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func rpcError(c echo.Context, status int, code int, msg string) error {
	return c.JSON(status, echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}})
}

func NewServer() *Server { return &Server{sessions: make(map[string]*Session)} }

func (s *Server) Register(e *echo.Echo) {
	e.POST("/mcp/init", s.initialize)
	g := e.Group("/mcp", s.requireSession)
	g.POST("", s.call)
	g.DELETE("", s.terminate)
}

func (s *Server) requireSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get("Mcp-Session-Id")
		if id == "" {
			return rpcError(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		}
		s.mu.RLock()
		sess, ok := s.sessions[id]
		s.mu.RUnlock()
		if !ok {
			return rpcError(c, http.StatusNotFound, -32001, "Session not found")
		}
		c.Set(sessionKey, sess)
		return next(c)
	}
}

func (s *Server) initialize(c echo.Context) error {
	var env Envelope
	if err := json.NewDecoder(c.Request().Body).Decode(&env); err != nil {
		return rpcError(c, http.StatusBadRequest, -32700, "Parse error")
	}
	if env.JSONRPC != "2.0" || env.Method != "initialize" || len(env.ID) == 0 {
		return rpcError(c, http.StatusBadRequest, -32600, "Invalid Request")
	}
	sess := &Session{ID: uuid.NewString()}
	s.mu.Lock()
	s.sessions[sess.ID] = sess
	s.mu.Unlock()
	c.Response().Header().Set("Mcp-Session-Id", sess.ID)
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": env.ID, "result": echo.Map{
		"protocolVersion": "2025-06-18", "capabilities": echo.Map{},
	}})
}

func (s *Server) call(c echo.Context) error {
	sess := c.Get(sessionKey).(*Session)
	var env Envelope
	if err := json.NewDecoder(c.Request().Body).Decode(&env); err != nil {
		return rpcError(c, http.StatusBadRequest, -32700, "Parse error")
	}
	if env.JSONRPC != "2.0" {
		return rpcError(c, http.StatusBadRequest, -32600, "Invalid Request")
	}
	s.mu.Lock()
	sess.Count++
	s.mu.Unlock()
	if len(env.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": env.ID, "result": echo.Map{}})
}

func (s *Server) terminate(c echo.Context) error {
	sess := c.Get(sessionKey).(*Session)
	s.mu.Lock()
	delete(s.sessions, sess.ID)
	s.mu.Unlock()
	return c.NoContent(http.StatusNoContent)
}
