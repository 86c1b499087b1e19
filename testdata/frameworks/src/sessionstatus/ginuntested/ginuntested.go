// Package ginuntested restates, through gin, a stateful POST whose
// non-initialize branch looks the header's id up without testing it for
// "": the store's not-found answers a request with no Mcp-Session-Id 404,
// and its client starts over with initialize, forever. The package's own
// lookup helper answers the missing id 400, so it is a slip on one path.
package ginuntested

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
)

type connection interface{ ID() string }

type registry interface {
	Get(ctx context.Context, id string) (connection, error)
}

type server struct{ conns registry }

type request struct{ Method string }

func (s *server) post(c *gin.Context) {
	var req request
	if err := c.ShouldBindJSON(&req); err != nil {
		s.fail(c, "invalid JSON-RPC request", http.StatusBadRequest)
		return
	}
	sid := c.GetHeader("Mcp-Session-Id")
	if req.Method == "initialize" {
		if sid != "" {
			s.fail(c, "already initialized", http.StatusBadRequest)
			return
		}
		c.Status(http.StatusOK)
		return
	}
	if _, err := s.conns.Get(c.Request.Context(), sid); err != nil {
		s.fail(c, "session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id, which reaches s.conns.Get\(...\) untested`
		return
	}
}

// lookup is the same lookup with the test first.
func (s *server) lookup(c *gin.Context) connection {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		s.fail(c, "Mcp-Session-Id required", http.StatusBadRequest)
		return nil
	}
	conn, err := s.conns.Get(c.Request.Context(), sid)
	if err != nil {
		s.fail(c, "session not found", http.StatusNotFound)
		return nil
	}
	return conn
}

// fail answers with a JSON-RPC error body; it reads the context's logger
// key, not the session header.
func (s *server) fail(c *gin.Context, msg string, status int) {
	if _, ok := c.Get("logger"); ok {
		_ = msg
	}
	c.AbortWithStatusJSON(status, gin.H{"jsonrpc": "2.0", "error": gin.H{"code": -32000, "message": msg}})
}
