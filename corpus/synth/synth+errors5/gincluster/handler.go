// Package gincluster is the horizontally scaled MCP front for the metrics
// service. Sessions live in the shared store; any replica answers.
package gincluster

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"example.com/synth/errors5/gincluster/store"
)

type API struct {
	Sessions store.Store
	Metrics  MetricsBackend
	Log      *slog.Logger
}

func (a *API) Install(r *gin.Engine) {
	r.POST("/mcp", a.post)
	r.DELETE("/mcp", a.delete)
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func fail(id json.RawMessage, code int, msg string) gin.H {
	if id == nil {
		id = json.RawMessage("null")
	}
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

// sessionError answers a failed store.Load.
func (a *API) sessionError(c *gin.Context, id json.RawMessage, err error) {
	switch {
	case errors.Is(err, store.ErrSessionGone):
		c.AbortWithStatusJSON(http.StatusNotFound, fail(id, -32001, "Session not found"))
	default:
		a.Log.Warn("session load", "err", err)
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(id, -32000, "Bad Request: invalid session"))
	}
}

func (a *API) post(c *gin.Context) {
	raw, err := c.GetRawData()
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(nil, -32000, "Bad Request: the request body could not be read"))
		return
	}
	if !json.Valid(raw) {
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(nil, -32700, "Parse error"))
		return
	}
	var m call
	if err := json.Unmarshal(raw, &m); err != nil || m.JSONRPC != "2.0" || m.Method == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(nil, -32600, "Invalid Request"))
		return
	}

	ctx := c.Request.Context()
	if m.Method == "initialize" {
		rec := store.Record{
			ID:        uuid.NewString(),
			Principal: c.GetHeader("X-Authenticated-User"),
			Protocol:  "2025-06-18",
			Created:   time.Now().UTC(),
		}
		if err := a.Sessions.Save(ctx, rec); err != nil {
			a.Log.Error("session save", "err", err)
			c.JSON(http.StatusBadRequest, fail(m.ID, -32603, "could not persist session"))
			return
		}
		c.Header("Mcp-Session-Id", rec.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": m.ID, "result": gin.H{
			"protocolVersion": rec.Protocol,
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "metrics-mcp", "version": "2.1.0"},
		}})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(m.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	rec, err := a.Sessions.Load(ctx, sid)
	if err != nil {
		a.sessionError(c, m.ID, err)
		return
	}
	if len(m.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	c.JSON(http.StatusOK, a.handle(c, rec, &m))
}

func (a *API) delete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, fail(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	if err := a.Sessions.Drop(c.Request.Context(), sid); err != nil {
		if errors.Is(err, store.ErrSessionGone) {
			c.AbortWithStatusJSON(http.StatusNotFound, fail(nil, -32001, "Session not found"))
			return
		}
		a.Log.Error("session drop", "err", err)
		c.AbortWithStatusJSON(http.StatusInternalServerError, fail(nil, -32603, "Internal error"))
		return
	}
	c.Status(http.StatusNoContent)
}
