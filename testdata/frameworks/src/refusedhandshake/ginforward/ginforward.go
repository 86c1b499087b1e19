// Package ginforward relays an initialize to an upstream from a gin route:
// the adapter registers the session (under the id it was handed, or one it
// mints when none came) and then forwards the initialize; a forward that
// fails returns its error to the route, which answers 500, and the entry
// stays.
package ginforward

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

type session struct{ id string }

type adapter struct {
	mu       sync.Mutex
	sessions map[string]*session
	up       func(id string, body []byte) ([]byte, error)
}

func (a *adapter) getOrCreate(id string) *session {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s, ok := a.sessions[id]; ok {
		return s
	}
	s := &session{id: id}
	a.sessions[id] = s
	return s
}

func (a *adapter) forward(c *gin.Context, s *session, body []byte) error {
	out, err := a.up(s.id, body)
	if err != nil {
		return fmt.Errorf("initialize upstream: %w", err)
	}
	c.Data(http.StatusOK, "application/json", out)
	return nil
}

// initialize registers, then forwards: a failed forward leaves the entry.
func (a *adapter) initialize(c *gin.Context, id string, body []byte) error {
	if id == "" {
		id = rand.Text()
		c.Header("Mcp-Session-Id", id)
	}
	s := a.getOrCreate(id) // want `a session is registered in sessions before the handshake is accepted, and a later refusal answers an error without removing it`
	return a.forward(c, s, body)
}

// initializeUndone removes the entry when the forward fails: silent.
func (a *adapter) initializeUndone(c *gin.Context, id string, body []byte) error {
	if id == "" {
		id = rand.Text()
		c.Header("Mcp-Session-Id", id)
	}
	s := a.getOrCreate(id)
	if err := a.forward(c, s, body); err != nil {
		a.mu.Lock()
		delete(a.sessions, id)
		a.mu.Unlock()
		return err
	}
	return nil
}

// route answers what initialize returns.
func (a *adapter) route(c *gin.Context) {
	body, _ := c.GetRawData()
	if err := a.initialize(c, c.GetHeader("Mcp-Session-Id"), body); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
	}
	if err := a.initializeUndone(c, c.GetHeader("Mcp-Session-Id"), body); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": errors.Unwrap(err)})
	}
}

type message struct {
	Method string `json:"method"`
}

// direct registers before it reads the message, and refuses a body that
// does not decode with c.JSON(400) without removing the entry.
func (a *adapter) direct(c *gin.Context) {
	id := rand.Text()
	a.mu.Lock()
	a.sessions[id] = &session{id: id} // want `a session is registered in sessions before the handshake is accepted, and a later refusal answers an error without removing it`
	a.mu.Unlock()
	var m message
	if err := c.ShouldBindJSON(&m); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "parse error"})
		return
	}
	if m.Method != "initialize" {
		c.Status(http.StatusAccepted)
		return
	}
	c.Header("Mcp-Session-Id", id)
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0"})
}
