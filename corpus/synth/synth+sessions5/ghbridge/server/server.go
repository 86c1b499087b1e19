// Package server wires the GitHub bridge's MCP endpoint into gin.
package server

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/synth/sessions5/ghbridge/internal/jsonrpc"
	"example.com/synth/sessions5/ghbridge/internal/sessions"
)

const sessionHeader = "Mcp-Session-Id"

type Handler struct {
	Store  *sessions.Store
	Logger *slog.Logger
}

func (h *Handler) Register(r gin.IRouter) {
	g := r.Group("/mcp")
	g.POST("", h.post)
	g.GET("", h.requireSession, h.stream)
	g.DELETE("", h.terminate)
}

// requireSession resolves the Mcp-Session-Id header and stores the session
// in the gin context under "session".
func (h *Handler) requireSession(c *gin.Context) {
	id := c.GetHeader(sessionHeader)
	if id == "" {
		jsonrpc.Abort(c, http.StatusNotFound, jsonrpc.CodeSessionNotFound, "missing session", nil)
		return
	}
	sess, err := h.Store.Get(id)
	switch {
	case errors.Is(err, sessions.ErrExpired):
		jsonrpc.Abort(c, http.StatusUnauthorized, jsonrpc.CodeServerError, "session expired, please reconnect", nil)
		return
	case errors.Is(err, sessions.ErrNotFound):
		jsonrpc.Abort(c, http.StatusNotFound, jsonrpc.CodeSessionNotFound, "Session not found", nil)
		return
	case err != nil:
		h.Logger.Error("session lookup", "err", err)
		jsonrpc.Abort(c, http.StatusInternalServerError, jsonrpc.CodeInternalError, "Internal error", nil)
		return
	}
	c.Set("session", sess)
	c.Next()
}

func (h *Handler) post(c *gin.Context) {
	var req jsonrpc.Request
	if err := c.ShouldBindJSON(&req); err != nil {
		jsonrpc.Abort(c, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error", nil)
		return
	}
	if req.Method == "initialize" {
		h.initialize(c, &req)
		return
	}
	h.requireSession(c)
	if c.IsAborted() {
		return
	}
	if req.IsNotification() {
		c.Status(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		jsonrpc.Result(c, req.ID, gin.H{})
	case "tools/list":
		jsonrpc.Result(c, req.ID, gin.H{"tools": []gin.H{
			{"name": "search_issues", "inputSchema": gin.H{"type": "object"}},
		}})
	default:
		jsonrpc.Abort(c, http.StatusOK, jsonrpc.CodeMethodNotFound, "Method not found", req.ID)
	}
}

func (h *Handler) initialize(c *gin.Context, req *jsonrpc.Request) {
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if len(req.Params) > 0 {
		if err := bindParams(req.Params, &params); err != nil {
			jsonrpc.Abort(c, http.StatusBadRequest, jsonrpc.CodeInvalidParams, "Invalid params", req.ID)
			return
		}
	}
	sess := h.Store.Create(params.ProtocolVersion, params.ClientInfo.Name)
	c.Header(sessionHeader, sess.ID)
	jsonrpc.Result(c, req.ID, gin.H{
		"protocolVersion": "2025-06-18",
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "ghbridge", "version": "1.4.0"},
	})
}

func (h *Handler) stream(c *gin.Context) {
	c.Header("Content-Type", "text/event-stream")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	<-c.Request.Context().Done()
}

func (h *Handler) terminate(c *gin.Context) {
	id := c.GetHeader(sessionHeader)
	if id == "" {
		jsonrpc.Abort(c, http.StatusBadRequest, jsonrpc.CodeServerError, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	if err := h.Store.Delete(id); err != nil {
		if errors.Is(err, sessions.ErrNotFound) {
			jsonrpc.Abort(c, http.StatusNotFound, jsonrpc.CodeSessionNotFound, "Session not found", nil)
			return
		}
		jsonrpc.Abort(c, http.StatusInternalServerError, jsonrpc.CodeInternalError, "Internal error", nil)
		return
	}
	c.Status(http.StatusNoContent)
}
