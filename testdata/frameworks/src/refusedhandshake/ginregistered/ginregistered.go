// Package ginregistered keeps sessions behind gin: a middleware that gives
// every request a session, minting an id when the request carries none,
// registers one for a ping or a malformed first request as much as for an
// initialize; the handler beside it mints only for an initialize.
package ginregistered

import (
	"crypto/rand"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type session struct{ id string }

// Store holds the sessions by id.
type Store struct {
	mu       sync.Mutex
	sessions map[string]*session
}

// Sessions is installed on every route.
func Sessions(s *Store) gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("Mcp-Session-Id")
		if id == "" {
			id = rand.Text()
		}
		s.mu.Lock()
		if s.sessions[id] == nil {
			s.sessions[id] = &session{id: id} // want `a session is registered in sessions under a freshly minted id whatever the request's method`
		}
		s.mu.Unlock()
		c.Header("Mcp-Session-Id", id)
		c.Next()
	}
}

type message struct {
	Method string `json:"method"`
}

// Post mints a session only for an initialize and refuses other requests
// without an id.
func (s *Store) Post(c *gin.Context) {
	var m message
	if err := c.ShouldBindJSON(&m); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "parse error"})
		return
	}
	id := c.GetHeader("Mcp-Session-Id")
	if id == "" {
		if m.Method != "initialize" {
			c.JSON(http.StatusBadRequest, gin.H{"error": "missing session id"})
			return
		}
		id = rand.Text()
		s.mu.Lock()
		s.sessions[id] = &session{id: id}
		s.mu.Unlock()
		c.Header("Mcp-Session-Id", id)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0"})
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		c.JSON(http.StatusNotFound, gin.H{"error": "unknown session"})
		return
	}
	c.Status(http.StatusAccepted)
}
