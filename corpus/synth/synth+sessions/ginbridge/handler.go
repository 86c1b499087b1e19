// Package ginbridge exposes an MCP Streamable HTTP endpoint on a gin engine
// and forwards tool calls to an internal service.
package ginbridge

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const (
	codeServerError     = -32000
	codeSessionNotFound = -32001
	codeInternalError   = -32603
)

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Forwarder sends a message on to the service behind the bridge.
type Forwarder interface {
	Forward(c *gin.Context, sess *Session, msg rpcMessage) (json.RawMessage, error)
}

// Handler wires the MCP endpoint.
type Handler struct {
	store SessionStore
	fwd   Forwarder
}

func NewHandler(store SessionStore, fwd Forwarder) *Handler {
	return &Handler{store: store, fwd: fwd}
}

// Register mounts the endpoint on the given group.
func (h *Handler) Register(g *gin.RouterGroup) {
	g.POST("/mcp", h.handlePost)
	g.GET("/mcp", h.handleStream)
	g.DELETE("/mcp", h.handleDelete)
}

func rpcErr(id json.RawMessage, code int, msg string) gin.H {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

func principal(c *gin.Context) string {
	return c.GetString("auth.subject")
}

func (h *Handler) handlePost(c *gin.Context) {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(nil, codeServerError, "unreadable body"))
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(raw))

	var msg rpcMessage
	if err := json.Unmarshal(raw, &msg); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(nil, -32700, "parse error"))
		return
	}

	if msg.Method == "initialize" {
		sess := &Session{ID: uuid.NewString(), Owner: principal(c), CreatedAt: time.Now()}
		result, err := h.fwd.Forward(c, sess, msg)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusInternalServerError, rpcErr(msg.ID, codeInternalError, "internal error"))
			return
		}
		if err := h.store.Put(c, sess); err != nil {
			c.AbortWithStatusJSON(http.StatusServiceUnavailable, rpcErr(msg.ID, codeServerError, "session store unavailable"))
			return
		}
		c.Header("Mcp-Session-Id", sess.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": result})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(msg.ID, codeServerError, "Mcp-Session-Id header is required"))
		return
	}
	sess, err := h.store.Get(c, sid)
	if errors.Is(err, ErrSessionNotFound) {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(msg.ID, codeSessionNotFound, "unknown session"))
		return
	}
	if err != nil {
		c.AbortWithStatusJSON(http.StatusServiceUnavailable, rpcErr(msg.ID, codeServerError, "session store unavailable"))
		return
	}
	if sess.Owner != principal(c) {
		c.AbortWithStatusJSON(http.StatusForbidden, rpcErr(msg.ID, codeServerError, "session belongs to another user"))
		return
	}

	result, err := h.fwd.Forward(c, sess, msg)
	if err != nil {
		c.AbortWithStatusJSON(http.StatusInternalServerError, rpcErr(msg.ID, codeInternalError, "internal error"))
		return
	}
	if len(msg.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": result})
}

func (h *Handler) handleStream(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(nil, codeServerError, "Mcp-Session-Id header is required"))
		return
	}
	sess, err := h.store.Get(c, sid)
	if err != nil {
		c.AbortWithStatusJSON(http.StatusInternalServerError, rpcErr(nil, codeInternalError, "could not load session"))
		return
	}
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-cache")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	_ = sess
	<-c.Request.Context().Done()
}

func (h *Handler) handleDelete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(nil, codeServerError, "Mcp-Session-Id header is required"))
		return
	}
	if err := h.store.Delete(c, sid); err != nil && !errors.Is(err, ErrSessionNotFound) {
		c.AbortWithStatusJSON(http.StatusServiceUnavailable, rpcErr(nil, codeServerError, "session store unavailable"))
		return
	}
	c.Status(http.StatusNoContent)
}
