// Package echostream serves the ticket tracker's MCP tools on echo.
// Responses are plain JSON; there is no standalone GET stream.
package echostream

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

type Server struct {
	maxBody  int64
	tickets  TicketRepo
	sessions sync.Map // id -> *session
}

type session struct {
	id       string
	protocol string
}

func New(repo TicketRepo, maxBody int64) *Server {
	return &Server{maxBody: maxBody, tickets: repo}
}

func (s *Server) Mount(e *echo.Echo) {
	g := e.Group("/mcp")
	g.POST("", s.post)
	g.DELETE("", s.remove)
	g.GET("", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderAllow, "POST, DELETE")
		return c.JSON(http.StatusMethodNotAllowed, errorReply(nil, -32000, "Method not allowed: no standalone stream"))
	})
}

func newSessionID() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func (s *Server) post(c echo.Context) error {
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, s.maxBody)
	body, err := io.ReadAll(req.Body)
	if err != nil {
		c.Logger().Error(err)
		return c.JSON(http.StatusInternalServerError, errorReply(nil, -32603, "Internal error"))
	}

	var msg inbound
	if err := json.Unmarshal(body, &msg); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return c.JSON(http.StatusBadRequest, errorReply(nil, -32700, "Parse error"))
		}
		return c.JSON(http.StatusBadRequest, errorReply(nil, -32600, "Invalid Request"))
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		return c.JSON(http.StatusBadRequest, errorReply(msg.ID, -32600, "Invalid Request"))
	}

	if msg.Method == "initialize" {
		sid, err := newSessionID()
		if err != nil {
			c.Logger().Errorf("session id: %v", err)
			return c.JSON(http.StatusOK, errorReply(msg.ID, -32603, "could not start a session"))
		}
		s.sessions.Store(sid, &session{id: sid, protocol: "2025-06-18"})
		c.Response().Header().Set("Mcp-Session-Id", sid)
		return c.JSON(http.StatusOK, resultReply(msg.ID, initResult))
	}

	sid := req.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errorReply(msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	v, ok := s.sessions.Load(sid)
	if !ok {
		return c.JSON(http.StatusNotFound, errorReply(msg.ID, -32001, "Session not found"))
	}
	if msg.isNotification() {
		return c.NoContent(http.StatusAccepted)
	}

	result, rerr := s.dispatch(req.Context(), v.(*session), &msg)
	if rerr != nil {
		return c.JSON(http.StatusOK, reply{JSONRPC: "2.0", ID: msg.ID, Error: rerr})
	}
	raw, err := json.Marshal(result)
	if err != nil {
		return c.JSON(http.StatusBadRequest, errorReply(msg.ID, -32700, "Parse error"))
	}
	return c.JSON(http.StatusOK, reply{JSONRPC: "2.0", ID: msg.ID, Result: raw})
}

func (s *Server) remove(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, errorReply(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	if _, loaded := s.sessions.LoadAndDelete(sid); !loaded {
		return c.JSON(http.StatusNotFound, errorReply(nil, -32001, "Session not found"))
	}
	return c.NoContent(http.StatusNoContent)
}
