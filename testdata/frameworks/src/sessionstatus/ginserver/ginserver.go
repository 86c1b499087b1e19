// Package ginserver routes MCP requests with gin: the id comes from
// c.GetHeader, answers go out through c.JSON, c.AbortWithStatusJSON,
// c.AbortWithStatus and c.Status.
package ginserver

import (
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type server struct {
	sessions sync.Map
	owners   map[string]string
}

func (s *server) post(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusNotFound, gin.H{"error": "Mcp-Session-Id required"}) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	if _, ok := s.sessions.Load(sid); !ok {
		c.JSON(http.StatusUnauthorized, gin.H{"error": "unknown session"}) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.sessions.Load\(...\)\)`
		return
	}
}

func (s *server) get(c *gin.Context) {
	if _, ok := s.sessions.Load(c.GetHeader("mcp-session-id")); !ok {
		c.AbortWithStatus(http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
	c.Status(http.StatusOK)
}

// good answers as the protocol asks; a session of another user is 403.
func (s *server) good(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Mcp-Session-Id required"})
		return
	}
	if _, ok := s.sessions.Load(sid); !ok {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	if owner, ok := s.owners[sid]; ok && owner != c.GetHeader("X-User") {
		c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "not your session"})
	}
}
