// Package s17 is an echo-based MCP server with a standalone SSE stream.
package s17

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type rpcErr struct {
	Status int
	Code   int
	Msg    string
	ID     json.RawMessage
}

func (e *rpcErr) Error() string { return e.Msg }

type session struct {
	id     string
	events chan []byte
}

type Server struct {
	mu       sync.RWMutex
	sessions map[string]*session
}

func New() *echo.Echo {
	s := &Server{sessions: map[string]*session{}}
	e := echo.New()
	e.HTTPErrorHandler = errorHandler
	e.POST("/mcp", s.post)
	e.GET("/mcp", s.stream)
	e.DELETE("/mcp", s.del)
	return e
}

func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var re *rpcErr
	if !errors.As(err, &re) {
		var he *echo.HTTPError
		if errors.As(err, &he) {
			re = &rpcErr{Status: he.Code, Code: -32000, Msg: fmt.Sprint(he.Message)}
		} else {
			c.Logger().Error(err)
			re = &rpcErr{Status: http.StatusInternalServerError, Code: -32603, Msg: "Internal error"}
		}
	}
	id := re.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	c.JSON(re.Status, map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": re.Code, "message": re.Msg}})
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func (s *Server) find(id string) *session {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.sessions[id]
}

func (s *Server) post(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: the request body could not be read"}
	}
	if !json.Valid(body) {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32700, Msg: "Parse error"}
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32600, Msg: "Invalid Request"}
	}
	if m.Method == "initialize" {
		if len(m.ID) == 0 {
			return &rpcErr{Status: http.StatusBadRequest, Code: -32600, Msg: "Invalid Request: initialize requires an id"}
		}
		sess := &session{id: uuid.NewString(), events: make(chan []byte, 16)}
		s.mu.Lock()
		s.sessions[sess.id] = sess
		s.mu.Unlock()
		c.Response().Header().Set("Mcp-Session-Id", sess.id)
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"logging": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s17", "version": "0.3.0"},
		}})
	}
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: Mcp-Session-Id header is required", ID: m.ID}
	}
	if s.find(sid) == nil {
		return &rpcErr{Status: http.StatusNotFound, Code: -32001, Msg: "Session not found", ID: m.ID}
	}
	if len(m.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	if m.Method == "ping" {
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32601, "message": "Method not found"}})
}

func (s *Server) stream(c echo.Context) error {
	if !strings.Contains(c.Request().Header.Get("Accept"), "text/event-stream") {
		return &rpcErr{Status: http.StatusNotAcceptable, Code: -32000, Msg: "Not Acceptable: GET requires text/event-stream"}
	}
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: Mcp-Session-Id header is required"}
	}
	sess := s.find(sid)
	if sess == nil {
		return &rpcErr{Status: http.StatusUnauthorized, Code: -32001, Msg: "invalid or expired session"}
	}
	res := c.Response()
	res.Header().Set("Content-Type", "text/event-stream")
	res.Header().Set("Cache-Control", "no-cache")
	res.WriteHeader(http.StatusOK)
	res.Flush()
	tick := time.NewTicker(25 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case ev, ok := <-sess.events:
			if !ok {
				return nil
			}
			fmt.Fprintf(res, "event: message\ndata: %s\n\n", ev)
			res.Flush()
		case <-tick.C:
			fmt.Fprint(res, ": keepalive\n\n")
			res.Flush()
		}
	}
}

func (s *Server) del(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return &rpcErr{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: Mcp-Session-Id header is required"}
	}
	s.mu.Lock()
	sess, ok := s.sessions[sid]
	delete(s.sessions, sid)
	s.mu.Unlock()
	if !ok {
		return &rpcErr{Status: http.StatusNotFound, Code: -32001, Msg: "Session not found"}
	}
	close(sess.events)
	return c.NoContent(http.StatusNoContent)
}
