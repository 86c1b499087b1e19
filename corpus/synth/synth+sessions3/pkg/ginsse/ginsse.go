// Package ginsse exposes a session-scoped notification stream and session
// termination for the gin API server.
package ginsse

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

type Streams struct {
	rdb *redis.Client
}

func New(rdb *redis.Client) *Streams { return &Streams{rdb: rdb} }

func (s *Streams) Mount(r gin.IRouter) {
	r.GET("/mcp", s.listen)
	r.DELETE("/mcp", s.terminate)
}

func sessKey(id string) string { return "mcp:session:" + id }
func chanKey(id string) string { return "mcp:events:" + id }

func (s *Streams) exists(ctx context.Context, id string) (bool, error) {
	n, err := s.rdb.Exists(ctx, sessKey(id)).Result()
	return n == 1, err
}

func abortRPC(c *gin.Context, status, code int, msg string) {
	c.AbortWithStatusJSON(status, gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}})
}

func (s *Streams) listen(c *gin.Context) {
	id := c.GetHeader("Mcp-Session-Id")
	var exists bool
	if id != "" {
		var err error
		if exists, err = s.exists(c, id); err != nil {
			abortRPC(c, http.StatusServiceUnavailable, -32603, "session store unavailable")
			return
		}
	}
	switch {
	case id == "", !exists:
		abortRPC(c, http.StatusBadRequest, -32600, "Bad Request: no valid session ID provided")
		return
	}

	sub := s.rdb.Subscribe(c, chanKey(id))
	defer sub.Close()
	ch := sub.Channel()
	ping := time.NewTicker(25 * time.Second)
	defer ping.Stop()
	c.Stream(func(w io.Writer) bool {
		select {
		case m, ok := <-ch:
			if !ok {
				return false
			}
			c.SSEvent("message", m.Payload)
			return true
		case <-ping.C:
			_, _ = io.WriteString(w, ": ping\n\n")
			return true
		case <-c.Request.Context().Done():
			return false
		}
	})
}

func (s *Streams) terminate(c *gin.Context) {
	id := c.GetHeader("Mcp-Session-Id")
	if id == "" {
		abortRPC(c, http.StatusBadRequest, -32600, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	n, err := s.rdb.Del(c, sessKey(id)).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		abortRPC(c, http.StatusServiceUnavailable, -32603, "session store unavailable")
		return
	}
	if n == 0 {
		abortRPC(c, http.StatusForbidden, -32000, "session cannot be terminated")
		return
	}
	s.rdb.Publish(c, chanKey(id), `{"jsonrpc":"2.0","method":"notifications/cancelled"}`)
	c.Status(http.StatusNoContent)
}
