package main

import (
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const (
	hdr        = "Mcp-Session-Id"
	ctxSession = "mcp.session"
)

type sess struct {
	ID        string
	Confirmed bool
	Opened    time.Time
	Events    chan string
}

type state struct {
	mu   sync.RWMutex
	byID map[string]*sess
}

func newState() *state { return &state{byID: map[string]*sess{}} }

func (s *state) find(id string) *sess {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.byID[id]
}

func (s *state) drop(id string) {
	s.mu.Lock()
	delete(s.byID, id)
	s.mu.Unlock()
}

// attachSession resolves the caller's session for POST. A request without
// a session id gets a provisional one which survives only if the handler
// confirms it (a successful initialize).
func (s *state) attachSession(c *gin.Context) {
	if id := c.GetHeader(hdr); id != "" {
		se := s.find(id)
		if se == nil {
			c.AbortWithStatusJSON(http.StatusNotFound, gin.H{
				"jsonrpc": "2.0", "id": nil,
				"error": gin.H{"code": -32001, "message": "Session not found"},
			})
			return
		}
		c.Set(ctxSession, se)
		c.Next()
		return
	}

	se := &sess{ID: uuid.NewString(), Opened: time.Now(), Events: make(chan string, 8)}
	s.mu.Lock()
	s.byID[se.ID] = se
	s.mu.Unlock()
	c.Set(ctxSession, se)

	c.Next()

	if !se.Confirmed || c.Writer.Status() >= http.StatusBadRequest {
		s.drop(se.ID)
	}
}

// sessionRequired guards GET and DELETE.
func (s *state) sessionRequired(c *gin.Context) {
	id := c.GetHeader(hdr)
	if id == "" {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	se := s.find(id)
	if se == nil {
		c.AbortWithStatusJSON(http.StatusNotFound, gin.H{
			"jsonrpc": "2.0", "id": nil,
			"error": gin.H{"code": -32001, "message": "Session not found"},
		})
		return
	}
	c.Set(ctxSession, se)
	c.Next()
}
