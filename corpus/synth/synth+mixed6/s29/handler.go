// Package s29 provides the MCP endpoint of the inventory service.
package s29

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type JSONRPCRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type InventorySession struct {
	ID        string
	Warehouse string
}

type Handler struct {
	logger   *slog.Logger
	mu       sync.RWMutex
	sessions map[string]*InventorySession
}

func NewHandler(logger *slog.Logger) *Handler {
	return &Handler{logger: logger, sessions: make(map[string]*InventorySession)}
}

func (h *Handler) RegisterRoutes(rg *gin.RouterGroup) {
	rg.POST("/mcp", h.HandlePost)
	rg.DELETE("/mcp", h.HandleDelete)
}

func errorBody(id json.RawMessage, code int, msg string) gin.H {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

func (h *Handler) HandlePost(c *gin.Context) {
	var req JSONRPCRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		h.logger.Warn("bad mcp payload", "err", err)
		c.JSON(http.StatusBadRequest, errorBody(nil, -32602, "Invalid params: "+err.Error()))
		return
	}
	if req.JSONRPC != "2.0" {
		c.JSON(http.StatusBadRequest, errorBody(nil, -32600, "Invalid Request"))
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 || string(req.ID) == "null" {
			c.JSON(http.StatusBadRequest, errorBody(nil, -32600, "Invalid Request: initialize requires an id"))
			return
		}
		sess := &InventorySession{ID: uuid.NewString(), Warehouse: "default"}
		h.mu.Lock()
		h.sessions[sess.ID] = sess
		h.mu.Unlock()
		c.Header("Mcp-Session-Id", sess.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{
			"protocolVersion": "2025-06-18",
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "inventory", "version": "3.2.0"},
		}})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.JSON(http.StatusBadRequest, errorBody(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	h.mu.RLock()
	sess, ok := h.sessions[sid]
	h.mu.RUnlock()
	if !ok {
		c.JSON(http.StatusNotFound, errorBody(req.ID, -32001, "Session not found"))
		return
	}

	if len(req.ID) == 0 || string(req.ID) == "null" {
		c.Status(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{}})
	case "tools/list":
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{"tools": []gin.H{{
			"name": "stock_level", "description": "Stock in " + sess.Warehouse, "inputSchema": gin.H{"type": "object"},
		}}}})
	default:
		c.JSON(http.StatusOK, errorBody(req.ID, -32601, "Method not found"))
	}
}

func (h *Handler) HandleDelete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.JSON(http.StatusBadRequest, errorBody(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	h.mu.Lock()
	_, ok := h.sessions[sid]
	delete(h.sessions, sid)
	h.mu.Unlock()
	if !ok {
		c.JSON(http.StatusNotFound, errorBody(nil, -32001, "Session not found"))
		return
	}
	c.Status(http.StatusNoContent)
}
