// Package s06 is an MCP server on gin.
package s06

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type mcpSession struct {
	ID        string
	ClientApp string
	Started   time.Time
}

type MCPServer struct {
	mu       sync.RWMutex
	sessions map[string]*mcpSession
}

func NewEngine() *gin.Engine {
	srv := &MCPServer{sessions: map[string]*mcpSession{}}
	r := gin.New()
	r.Use(gin.Logger(), gin.Recovery())
	r.POST("/mcp", srv.Post)
	r.DELETE("/mcp", srv.Delete)
	return r
}

func rpcError(c *gin.Context, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	c.AbortWithStatusJSON(status, gin.H{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   gin.H{"code": code, "message": msg},
	})
}

func rpcResult(c *gin.Context, id json.RawMessage, result any) {
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": id, "result": result})
}

func (s *MCPServer) Post(c *gin.Context) {
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		rpcError(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		rpcError(c, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var msg rpcMessage
	if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" {
		rpcError(c, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if msg.Method == "initialize" {
		s.initialize(c, &msg)
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpcError(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
		return
	}
	s.mu.RLock()
	_, ok := s.sessions[sid]
	s.mu.RUnlock()
	if !ok {
		rpcError(c, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}

	if len(msg.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "ping":
		rpcResult(c, msg.ID, gin.H{})
	case "tools/list":
		rpcResult(c, msg.ID, gin.H{"tools": []gin.H{{"name": "time", "inputSchema": gin.H{"type": "object"}}}})
	case "tools/call":
		rpcResult(c, msg.ID, gin.H{"content": []gin.H{{"type": "text", "text": time.Now().UTC().Format(time.RFC3339)}}})
	default:
		rpcError(c, http.StatusOK, -32601, "Method not found", msg.ID)
	}
}

func (s *MCPServer) initialize(c *gin.Context, msg *rpcMessage) {
	if len(msg.ID) == 0 {
		rpcError(c, http.StatusBadRequest, -32600, "Invalid Request: initialize must be a request", nil)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if len(msg.Params) > 0 {
		if err := json.Unmarshal(msg.Params, &params); err != nil {
			rpcError(c, http.StatusBadRequest, -32602, "Invalid params", msg.ID)
			return
		}
	}

	// Reconnecting clients may present the id they had before.
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		sid = uuid.NewString()
	}
	s.mu.Lock()
	s.sessions[sid] = &mcpSession{ID: sid, ClientApp: params.ClientInfo.Name, Started: time.Now()}
	s.mu.Unlock()
	log.Printf("mcp: session %s for %q", sid, params.ClientInfo.Name)

	c.Header("Mcp-Session-Id", sid)
	rpcResult(c, msg.ID, gin.H{
		"protocolVersion": "2025-06-18",
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "s06", "version": "0.2.1"},
	})
}

func (s *MCPServer) Delete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		rpcError(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	delete(s.sessions, sid)
	s.mu.Unlock()
	if !ok {
		rpcError(c, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	c.Status(http.StatusNoContent)
}
