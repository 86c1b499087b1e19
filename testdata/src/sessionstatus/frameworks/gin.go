// Package frameworks: the session rows in handlers written for gin and
// fiber, which read the id and answer through their context type rather
// than an http.Request and a ResponseWriter.
package frameworks

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type session struct{ id string }

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *server) lookup(id string) (*session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[id]
	return sess, ok
}

type message struct {
	Method string `json:"method"`
}

// ginMCP answers a missing id 404 and an unknown one 401.
func (s *server) ginMCP(c *gin.Context) {
	var msg message
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": -32700, "message": "Parse error"}})
		return
	}
	if msg.Method == "initialize" {
		id := newID()
		s.mu.Lock()
		s.sessions[id] = &session{id: id}
		s.mu.Unlock()
		c.Header("Mcp-Session-Id", id)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
		return
	}
	id := c.GetHeader("Mcp-Session-Id")
	if id == "" {
		c.AbortWithStatusJSON(http.StatusNotFound, gin.H{"error": "no session"}) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	if _, ok := s.lookup(id); !ok {
		c.JSON(http.StatusUnauthorized, gin.H{"error": "invalid session"}) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
}

// ginRight answers the two rows as the protocol does: silent.
func (s *server) ginRight(c *gin.Context) {
	id := c.Request.Header.Get("Mcp-Session-Id")
	if id == "" {
		c.String(http.StatusBadRequest, "Mcp-Session-Id header is required")
		return
	}
	if _, ok := s.lookup(id); !ok {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
}
