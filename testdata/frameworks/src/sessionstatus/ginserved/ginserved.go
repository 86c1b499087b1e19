// Package ginserved: a gin server that hands out session ids and keeps
// them in a table, whose handler serves an id the table does not know.
package ginserved

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type session struct{ calls int }

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *server) initialize(c *gin.Context) {
	id := newID()
	s.mu.Lock()
	s.sessions[id] = &session{}
	s.mu.Unlock()
	c.Writer.Header().Set("Mcp-Session-Id", id)
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
}

func (s *server) post(c *gin.Context) {
	id := c.GetHeader("Mcp-Session-Id")
	s.mu.Lock()
	sess, ok := s.sessions[id] // want `an Mcp-Session-Id the session table does not know is served`
	if ok {
		sess.calls++
	}
	s.mu.Unlock()
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 2, "result": gin.H{}})
}

// Right: the miss is answered 404.
func (s *server) postChecked(c *gin.Context) {
	id := c.GetHeader("Mcp-Session-Id")
	if id == "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	sess.calls++
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 2, "result": gin.H{}})
}
