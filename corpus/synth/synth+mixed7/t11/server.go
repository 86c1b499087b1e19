package t11

import (
	"encoding/json"
	"io"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"example.com/synth/mixed7/t11/rpc"
)

type session struct{ id string }

type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func New() *Server { return &Server{sessions: map[string]*session{}} }

func (s *Server) Install(e *echo.Echo) {
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		re := rpc.As(err)
		if re == rpc.ErrInternal {
			c.Logger().Error(err)
		}
		_ = c.JSON(re.Status, rpc.Body(re))
	}
	e.POST("/mcp", s.post)
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func (s *Server) post(c echo.Context) error {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	if !json.Valid(raw) {
		return rpc.ErrParse
	}
	var m message
	if json.Unmarshal(raw, &m) != nil || m.JSONRPC != "2.0" || m.Method == "" {
		return rpc.ErrInvalidRequest
	}
	if m.Method == "initialize" {
		sess := &session{id: uuid.NewString()}
		s.mu.Lock()
		s.sessions[sess.id] = sess
		s.mu.Unlock()
		c.Response().Header().Set("Mcp-Session-Id", sess.id)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": m.ID, "result": echo.Map{"protocolVersion": "2025-06-18"}})
	}
	if err := s.checkSession(c.Request().Header.Get("Mcp-Session-Id")); err != nil {
		return err
	}
	if len(m.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": m.ID, "result": echo.Map{}})
}

func (s *Server) checkSession(id string) error {
	if id == "" {
		return rpc.ErrSessionRequired
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[id]; !ok {
		return rpc.ErrSessionNotFound
	}
	return nil
}
