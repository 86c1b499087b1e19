// Package ginmcp serves MCP over Streamable HTTP from a gin engine, with
// sessions kept in Redis so the deployment can scale horizontally.
package ginmcp

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

const ctxSessionKey = "mcp.session"

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Dispatcher runs one JSON-RPC call against the tool registry.
type Dispatcher interface {
	Dispatch(c *gin.Context, sess *Session, req *rpcRequest) (any, error)
}

// Handler wires the MCP endpoint.
type Handler struct {
	store SessionStore
	rpc   Dispatcher
	log   *slog.Logger
}

func NewHandler(store SessionStore, rpc Dispatcher, log *slog.Logger) *Handler {
	return &Handler{store: store, rpc: rpc, log: log}
}

// Register mounts the endpoint on r.
func (h *Handler) Register(r gin.IRouter) {
	g := r.Group("/mcp", h.loadSession())
	g.POST("", h.post)
	g.GET("", h.stream)
	g.DELETE("", h.terminate)
}

func rpcError(id json.RawMessage, code int, msg string) gin.H {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

// loadSession resolves Mcp-Session-Id for everything except initialize.
func (h *Handler) loadSession() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.Method == http.MethodPost {
			body, _ := io.ReadAll(c.Request.Body)
			c.Request.Body = io.NopCloser(bytes.NewReader(body))
			var req rpcRequest
			if json.Unmarshal(body, &req) == nil && req.Method == "initialize" {
				c.Next()
				return
			}
		}

		id := c.GetHeader("Mcp-Session-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusNotFound, rpcError(nil, -32001, "session id required"))
			return
		}

		sess, err := h.store.Get(c.Request.Context(), id)
		switch {
		case errors.Is(err, ErrSessionNotFound):
			c.AbortWithStatusJSON(http.StatusNotFound, rpcError(nil, -32001, "Session not found"))
			return
		case err != nil:
			h.log.Error("session store", "err", err)
			c.Header("Retry-After", "2")
			c.AbortWithStatusJSON(http.StatusServiceUnavailable, rpcError(nil, -32000, "session store unavailable"))
			return
		}
		c.Set(ctxSessionKey, sess)
		c.Next()
	}
}

func (h *Handler) post(c *gin.Context) {
	var req rpcRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, rpcError(nil, -32700, "Parse error"))
		return
	}
	if req.Method == "initialize" {
		h.initialize(c, &req)
		return
	}
	sess := c.MustGet(ctxSessionKey).(*Session)
	if len(req.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	res, err := h.rpc.Dispatch(c, sess, &req)
	if err != nil {
		c.JSON(http.StatusOK, rpcError(req.ID, -32603, err.Error()))
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": res})
}

func (h *Handler) initialize(c *gin.Context, req *rpcRequest) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	_ = json.Unmarshal(req.Params, &p)

	buf := make([]byte, 16)
	_, _ = rand.Read(buf)
	sess := &Session{
		ID:              hex.EncodeToString(buf),
		ProtocolVersion: p.ProtocolVersion,
		ClientName:      p.ClientInfo.Name,
		CreatedAt:       time.Now().UTC(),
	}
	if err := h.store.Put(c.Request.Context(), sess); err != nil {
		c.JSON(http.StatusInternalServerError, rpcError(req.ID, -32603, "Internal error"))
		return
	}
	c.Header("Mcp-Session-Id", sess.ID)
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{
		"protocolVersion": "2025-06-18",
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "gin-mcp", "version": "0.4.2"},
	}})
}

func (h *Handler) stream(c *gin.Context) {
	sess := c.MustGet(ctxSessionKey).(*Session)
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-cache")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	<-c.Request.Context().Done()
	h.log.Debug("stream closed", "session", sess.ID)
}

func (h *Handler) terminate(c *gin.Context) {
	sess := c.MustGet(ctxSessionKey).(*Session)
	if err := h.store.Delete(c.Request.Context(), sess.ID); err != nil {
		c.JSON(http.StatusInternalServerError, rpcError(nil, -32603, "Internal error"))
		return
	}
	c.Status(http.StatusNoContent)
}
