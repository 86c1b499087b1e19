// Package echoreturned keeps sessions behind echo, whose handlers answer
// by returning: an error a handler returns is answered by echo as a
// failure, so it refuses the handshake as a written error does.
package echoreturned

import (
	"context"
	"crypto/rand"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

type session struct{ protocol string }

// Engine runs the MCP methods.
type Engine interface {
	Initialize(ctx context.Context, params []byte) (string, error)
}

type request struct {
	Method string `json:"method"`
	Params []byte `json:"params"`
}

// Server registers the session before the engine accepts the initialize,
// and returns the engine's error without removing it.
type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
	engine   Engine
}

func (s *Server) Post(c echo.Context) error {
	var req request
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "parse error")
	}
	if req.Method != "initialize" {
		return s.serve(c)
	}
	id := rand.Text()
	sess := &session{}
	s.mu.Lock()
	s.sessions[id] = sess // want `a session is registered in sessions before the handshake is accepted, and a later refusal answers an error without removing it`
	s.mu.Unlock()
	proto, err := s.engine.Initialize(c.Request().Context(), req.Params)
	if err != nil {
		return err
	}
	sess.protocol = proto
	c.Response().Header().Set("Mcp-Session-Id", id)
	return c.JSON(http.StatusOK, map[string]any{"protocolVersion": proto})
}

func (s *Server) serve(c echo.Context) error {
	s.mu.Lock()
	_, ok := s.sessions[c.Request().Header.Get("Mcp-Session-Id")]
	s.mu.Unlock()
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "session not found")
	}
	return c.NoContent(http.StatusAccepted)
}

// Undone removes the session when the engine refuses the initialize.
type Undone struct {
	mu       sync.Mutex
	sessions map[string]*session
	engine   Engine
}

func (s *Undone) Post(c echo.Context) error {
	var req request
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "parse error")
	}
	if req.Method != "initialize" {
		s.mu.Lock()
		_, ok := s.sessions[c.Request().Header.Get("Mcp-Session-Id")]
		s.mu.Unlock()
		if !ok {
			return echo.NewHTTPError(http.StatusNotFound, "session not found")
		}
		return c.NoContent(http.StatusAccepted)
	}
	id := rand.Text()
	sess := &session{}
	s.mu.Lock()
	s.sessions[id] = sess
	s.mu.Unlock()
	proto, err := s.engine.Initialize(c.Request().Context(), req.Params)
	if err != nil {
		s.mu.Lock()
		delete(s.sessions, id)
		s.mu.Unlock()
		return err
	}
	sess.protocol = proto
	c.Response().Header().Set("Mcp-Session-Id", id)
	return c.JSON(http.StatusOK, map[string]any{"protocolVersion": proto})
}
