// Package s16 mounts an MCP endpoint on a gin engine.
package s16

import (
	"crypto/rand"
	"encoding/json"
	"log"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type Session struct {
	ID    string
	Calls int
}

type sessionRegistry struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func (s *sessionRegistry) lookup(id string) (*Session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.byID[id]
	return sess, ok
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

var registry = &sessionRegistry{byID: map[string]*Session{}}

func Register(r *gin.Engine) {
	g := r.Group("/mcp")
	g.POST("", parseMessage, routeMessage)
	g.DELETE("", requireSession, func(c *gin.Context) {
		sess := c.MustGet("session").(*Session)
		registry.mu.Lock()
		delete(registry.byID, sess.ID)
		registry.mu.Unlock()
		c.Status(http.StatusNoContent)
	})
}

func abortRPC(c *gin.Context, status, code int, msg string) {
	id := json.RawMessage("null")
	if m, ok := c.Get("msg"); ok && len(m.(*rpcMsg).ID) > 0 {
		id = m.(*rpcMsg).ID
	}
	c.AbortWithStatusJSON(status, gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}})
}

func parseMessage(c *gin.Context) {
	raw, err := c.GetRawData()
	if err != nil {
		abortRPC(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	if !json.Valid(raw) {
		abortRPC(c, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON")
		return
	}
	var m rpcMsg
	if err := json.Unmarshal(raw, &m); err != nil || m.JSONRPC != "2.0" {
		abortRPC(c, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	c.Set("msg", &m)
}

func requireSession(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		abortRPC(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, ok := registry.lookup(sid)
	if !ok {
		abortRPC(c, http.StatusNotFound, -32001, "Session not found")
		return
	}
	c.Set("session", sess)
}

func routeMessage(c *gin.Context) {
	m := c.MustGet("msg").(*rpcMsg)
	if m.Method == "initialize" {
		if len(m.ID) == 0 {
			abortRPC(c, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id")
			return
		}
		sess := &Session{ID: rand.Text()}
		registry.mu.Lock()
		registry.byID[sess.ID] = sess
		registry.mu.Unlock()
		c.Header("Mcp-Session-Id", sess.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": m.ID, "result": gin.H{
			"protocolVersion": "2025-06-18",
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "s16", "version": "0.5.0"},
		}})
		return
	}
	requireSession(c)
	if c.IsAborted() {
		return
	}
	sess := c.MustGet("session").(*Session)
	registry.mu.Lock()
	sess.Calls++
	registry.mu.Unlock()
	if len(m.ID) == 0 {
		c.Status(http.StatusAccepted)
		return
	}
	switch m.Method {
	case "ping":
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": m.ID, "result": gin.H{}})
	default:
		log.Printf("mcp: %s: method %s not implemented", sess.ID, m.Method)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": m.ID, "error": gin.H{"code": -32601, "message": "Method not found"}})
	}
}
