package srv3

import (
	"encoding/json"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// SessionStore abstracts where sessions live so we can swap in Redis later.
type SessionStore interface {
	Get(id string) (*Session, bool)
	Put(s *Session)
	Delete(id string)
}

type Session struct {
	ID        string
	Protocol  string
	ExpiresAt time.Time
}

type memStore struct {
	mu sync.RWMutex
	m  map[string]*Session
}

func NewMemStore() SessionStore { return &memStore{m: map[string]*Session{}} }

func (s *memStore) Get(id string) (*Session, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sess, ok := s.m[id]
	if ok && time.Now().After(sess.ExpiresAt) {
		return nil, false
	}
	return sess, ok
}

func (s *memStore) Put(sess *Session) { s.mu.Lock(); s.m[sess.ID] = sess; s.mu.Unlock() }
func (s *memStore) Delete(id string)  { s.mu.Lock(); delete(s.m, id); s.mu.Unlock() }

var versions = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

type Handler struct {
	Store SessionStore
	TTL   time.Duration
}

type jsonrpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func rpcError(id json.RawMessage, code int, msg string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}}
}

func (h *Handler) Mount(e *echo.Echo) {
	g := e.Group("/mcp")
	g.POST("", h.post)
	g.DELETE("", h.delete)
}

func (h *Handler) post(c echo.Context) error {
	if pv := c.Request().Header.Get("MCP-Protocol-Version"); pv != "" && !slices.Contains(versions, pv) {
		return c.JSON(http.StatusNotAcceptable, rpcError(nil, -32000, "unsupported protocol version "+pv))
	}

	var msg jsonrpcMsg
	if err := json.NewDecoder(c.Request().Body).Decode(&msg); err != nil {
		return c.JSON(http.StatusBadRequest, rpcError(nil, -32700, "Parse error"))
	}

	if msg.Method == "initialize" {
		sess := &Session{ID: uuid.NewString(), Protocol: versions[0], ExpiresAt: time.Now().Add(h.TTL)}
		h.Store.Put(sess)
		c.Response().Header().Set("Mcp-Session-Id", sess.ID)
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
			"protocolVersion": sess.Protocol,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]any{"name": "srv3", "version": "0.3.1"},
		}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return c.JSON(http.StatusBadRequest, rpcError(msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
	}
	sess, ok := h.Store.Get(sid)
	if !ok {
		return echo.NewHTTPError(http.StatusUnauthorized, "session expired, please re-authenticate")
	}
	sess.ExpiresAt = time.Now().Add(h.TTL)

	if len(msg.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}

func (h *Handler) delete(c echo.Context) error {
	sid := c.Request().Header.Get("Mcp-Session-Id")
	if _, ok := h.Store.Get(sid); !ok {
		return c.JSON(http.StatusNotFound, rpcError(nil, -32001, "Session not found"))
	}
	h.Store.Delete(sid)
	return c.NoContent(http.StatusNoContent)
}
