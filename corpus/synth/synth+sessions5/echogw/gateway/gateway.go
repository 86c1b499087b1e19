// Package gateway serves the echo-based MCP gateway.
package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"example.com/synth/sessions5/echogw/internal/httperr"
	"example.com/synth/sessions5/echogw/internal/store"
)

type Engine interface {
	Initialize(ctx context.Context, params json.RawMessage) (protocol string, result any, err error)
	Handle(ctx context.Context, sess store.Session, method string, params json.RawMessage) (any, error)
}

type Gateway struct {
	Sessions *store.Store
	Engine   Engine
}

func (g *Gateway) Register(e *echo.Echo) {
	e.HTTPErrorHandler = httperr.Handler
	e.POST("/mcp", g.post)
	e.DELETE("/mcp", g.delete)
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (g *Gateway) session(c echo.Context) (store.Session, error) {
	id := c.Request().Header.Get("Mcp-Session-Id")
	if id == "" {
		return store.Session{}, httperr.SessionRequired()
	}
	sess, err := g.Sessions.Get(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return sess, httperr.SessionNotFound()
	case errors.Is(err, store.ErrEvicted):
		return sess, httperr.BadRequest("session evicted, initialize again")
	case err != nil:
		return sess, httperr.Internal(err)
	}
	return sess, nil
}

func (g *Gateway) post(c echo.Context) error {
	var req request
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return httperr.Parse()
	}
	ctx := c.Request().Context()
	if req.Method == "initialize" {
		sess := g.Sessions.Create()
		proto, result, err := g.Engine.Initialize(ctx, req.Params)
		if err != nil {
			return httperr.Internal(err)
		}
		sess.Protocol = proto
		g.Sessions.Update(sess)
		c.Response().Header().Set("Mcp-Session-Id", sess.ID)
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
	}

	sess, err := g.session(c)
	if err != nil {
		return err
	}
	if len(req.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	result, err := g.Engine.Handle(ctx, sess, req.Method, req.Params)
	if err != nil {
		return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID,
			"error": map[string]any{"code": -32603, "message": err.Error()}})
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (g *Gateway) delete(c echo.Context) error {
	sess, err := g.session(c)
	if err != nil {
		return err
	}
	g.Sessions.Delete(sess.ID)
	return c.NoContent(http.StatusNoContent)
}
