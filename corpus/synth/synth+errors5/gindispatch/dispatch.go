// Package gindispatch is the MCP server of the deploy bot: a gin route,
// a method table, and sessions kept in a SessionStore.
package gindispatch

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/synth/errors5/gindispatch/internal/rpc"
)

var ErrNoSuchSession = errors.New("gindispatch: no such session")

type SessionStore interface {
	New(ctx context.Context) (string, error)
	Exists(ctx context.Context, id string) error // nil, ErrNoSuchSession, or a store error
	End(ctx context.Context, id string) error
}

type Deployer interface {
	Deploy(ctx context.Context, service, version string) (string, error)
}

type Dispatcher struct {
	Store    SessionStore
	Deployer Deployer
	MaxBody  int64
}

func (d *Dispatcher) Register(r gin.IRoutes) {
	r.POST("/mcp", d.post)
	r.DELETE("/mcp", d.end)
}

type msg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (d *Dispatcher) post(c *gin.Context) {
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, d.MaxBody)
	raw, err := c.GetRawData()
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.Is(err, tooLarge) {
			rpc.Respond(c, nil, rpc.TooLarge(d.MaxBody))
			return
		}
		rpc.Respond(c, nil, rpc.Unreadable())
		return
	}
	if !json.Valid(raw) {
		rpc.Respond(c, nil, rpc.Parse())
		return
	}
	var m msg
	if err := json.Unmarshal(raw, &m); err != nil || m.JSONRPC != "2.0" || m.Method == "" {
		rpc.Respond(c, nil, rpc.Invalid("expected a single JSON-RPC request"))
		return
	}
	ctx := c.Request.Context()

	if m.Method == "initialize" {
		sid, err := d.Store.New(ctx)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"jsonrpc": "2.0", "id": m.ID,
				"error": gin.H{"code": -32603, "message": "Internal error"}})
			return
		}
		c.Header("Mcp-Session-Id", sid)
		rpc.Result(c, m.ID, gin.H{
			"protocolVersion": "2025-06-18",
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "deploybot", "version": "0.8.4"},
		})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpc.Respond(c, m.ID, rpc.NoSession())
		return
	}
	if err := d.Store.Exists(ctx, sid); err != nil {
		if errors.Is(err, ErrNoSuchSession) {
			rpc.Respond(c, m.ID, rpc.UnknownSession())
			return
		}
		rpc.Respond(c, m.ID, err)
		return
	}
	if len(m.ID) == 0 || string(m.ID) == "null" {
		c.Status(http.StatusAccepted)
		return
	}

	result, err := d.call(ctx, &m)
	if err != nil {
		rpc.Respond(c, m.ID, err)
		return
	}
	rpc.Result(c, m.ID, result)
}

func (d *Dispatcher) end(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpc.Respond(c, nil, rpc.NoSession())
		return
	}
	switch err := d.Store.End(c.Request.Context(), sid); {
	case errors.Is(err, ErrNoSuchSession):
		rpc.Respond(c, nil, rpc.UnknownSession())
	case err != nil:
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"jsonrpc": "2.0", "id": nil,
			"error": gin.H{"code": -32603, "message": "Internal error"}})
	default:
		c.Status(http.StatusNoContent)
	}
}
