// Package api exposes the kvsession MCP endpoint on echo.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"example.com/synth/sessions5/kvsession/kv"
)

// Engine answers JSON-RPC requests once a session is established.
type Engine interface {
	Initialize(ctx context.Context, params json.RawMessage) (result any, err error)
	Call(ctx context.Context, sess kv.Session, method string, params json.RawMessage) (any, error)
}

type API struct {
	Store  *kv.Store
	Engine Engine
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (a *API) Register(e *echo.Echo) {
	e.POST("/mcp", a.handle)
}

func rpcFailure(c echo.Context, status, code int, msg string, id json.RawMessage) error {
	return c.JSON(status, map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (a *API) handle(c echo.Context) error {
	var req rpcRequest
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return rpcFailure(c, http.StatusBadRequest, -32700, "Parse error", nil)
	}
	ctx := c.Request().Context()

	if req.Method == "initialize" {
		return a.initialize(c, &req)
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return rpcFailure(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
	}
	sess, found, err := a.Store.Lookup(ctx, sid)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "session lookup failed: "+err.Error())
	}
	if !found {
		return rpcFailure(c, http.StatusNotFound, -32001, "Session not found", req.ID)
	}
	_ = a.Store.Touch(ctx, sid)

	if len(req.ID) == 0 {
		return c.NoContent(http.StatusAccepted)
	}
	result, err := a.Engine.Call(ctx, sess, req.Method, req.Params)
	if err != nil {
		return rpcFailure(c, http.StatusOK, -32603, err.Error(), req.ID)
	}
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (a *API) initialize(c echo.Context, req *rpcRequest) (err error) {
	ctx := c.Request().Context()

	// Never reuse a session id the client sends with initialize; ids are
	// only ever minted here.
	sess := kv.Session{ID: uuid.NewString(), Created: time.Now().UTC()}
	if err := a.Store.Create(ctx, sess); err != nil {
		c.Logger().Errorf("create session: %v", err)
		return rpcFailure(c, http.StatusInternalServerError, -32603, "Internal error", req.ID)
	}
	committed := false
	defer func() {
		if !committed {
			if _, derr := a.Store.Remove(context.WithoutCancel(ctx), sess.ID); derr != nil {
				c.Logger().Warnf("drop uncommitted session %s: %v", sess.ID, derr)
			}
		}
	}()

	result, err := a.Engine.Initialize(ctx, req.Params)
	if err != nil {
		var pe *ParamsError
		if errors.As(err, &pe) {
			return rpcFailure(c, http.StatusBadRequest, -32602, "Invalid params: "+pe.Reason, req.ID)
		}
		return rpcFailure(c, http.StatusInternalServerError, -32603, "Internal error", req.ID)
	}
	committed = true
	c.Response().Header().Set("Mcp-Session-Id", sess.ID)
	return c.JSON(http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

// ParamsError is returned by an Engine for initialize params it rejects.
type ParamsError struct{ Reason string }

func (e *ParamsError) Error() string { return "invalid params: " + e.Reason }
