// Package s25 adds an MCP endpoint to the admin API (echo).
package s25

import (
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type mcpSession struct {
	id      string
	created time.Time
}

type sessionStore struct {
	sync.RWMutex
	items map[string]*mcpSession
}

type rpcIn struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

var store = &sessionStore{items: map[string]*mcpSession{}}

func rpcFail(c echo.Context, status, code int, msg string) error {
	id := json.RawMessage("null")
	if in, ok := c.Get("rpc").(*rpcIn); ok && len(in.ID) > 0 {
		id = in.ID
	}
	return c.JSON(status, echo.Map{"jsonrpc": "2.0", "id": id, "error": echo.Map{"code": code, "message": msg}})
}

// withSession resolves Mcp-Session-Id into the context for non-initialize traffic.
func withSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if in, ok := c.Get("rpc").(*rpcIn); ok && in.Method == "initialize" {
			return next(c)
		}
		sid := c.Request().Header.Get("Mcp-Session-Id")
		if sid == "" {
			return rpcFail(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		}
		store.RLock()
		sess, ok := store.items[sid]
		store.RUnlock()
		if !ok {
			return rpcFail(c, http.StatusNotFound, -32001, "Session not found")
		}
		c.Set("session", sess)
		return next(c)
	}
}

func decodeRPC(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return rpcFail(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		}
		if !json.Valid(body) {
			return rpcFail(c, http.StatusBadRequest, -32700, "Parse error")
		}
		var in rpcIn
		if err := json.Unmarshal(body, &in); err != nil || in.JSONRPC != "2.0" {
			return rpcFail(c, http.StatusBadRequest, -32600, "Invalid Request")
		}
		c.Set("rpc", &in)
		return next(c)
	}
}

func Mount(e *echo.Echo) {
	g := e.Group("/admin")
	g.POST("/mcp", handle, decodeRPC, withSession)
	g.DELETE("/mcp", terminate, withSession)
}

func handle(c echo.Context) error {
	in := c.Get("rpc").(*rpcIn)
	if in.Method == "initialize" {
		if len(in.ID) == 0 {
			return rpcFail(c, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id")
		}
		sess := &mcpSession{id: uuid.NewString(), created: time.Now()}
		store.Lock()
		store.items[sess.id] = sess
		store.Unlock()
		c.Response().Header().Set("Mcp-Session-Id", sess.id)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": in.ID, "result": echo.Map{
			"protocolVersion": "2025-06-18",
			"capabilities":    echo.Map{},
			"serverInfo":      echo.Map{"name": "admin", "version": "5.0.0"},
		}})
	}
	if len(in.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	if in.Method == "ping" {
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": in.ID, "result": echo.Map{}})
	}
	return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": in.ID, "error": echo.Map{"code": -32601, "message": "Method not found"}})
}

func terminate(c echo.Context) error {
	sess := c.Get("session").(*mcpSession)
	store.Lock()
	delete(store.items, sess.id)
	store.Unlock()
	c.Logger().Infof("session %s closed after %s", sess.id, time.Since(sess.created))
	return c.NoContent(http.StatusNoContent)
}
