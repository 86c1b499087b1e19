// Package ginnotes serves a small notes database over MCP (Streamable
// HTTP, JSON responses only) using gin.
package ginnotes

import (
	"database/sql"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type Server struct {
	notes    *sql.DB
	sessions *sessionTable
	log      *log.Logger
}

func NewServer(notes *sql.DB, p persister, logger *log.Logger) *Server {
	return &Server{notes: notes, sessions: newSessionTable(p), log: logger}
}

func (s *Server) Routes(r gin.IRouter) {
	r.POST("/mcp", s.handlePost)
	r.DELETE("/mcp", s.handleDelete)
	r.GET("/mcp", func(c *gin.Context) {
		c.Header("Allow", "POST, DELETE")
		c.JSON(http.StatusMethodNotAllowed, errorEnvelope(nil, -32000, "Method not allowed: no standalone stream"))
	})
}

func (s *Server) handlePost(c *gin.Context) {
	var req rpcRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorEnvelope(nil, -32700, "Parse error"))
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorEnvelope(req.ID, -32600, "Invalid Request"))
		return
	}

	if req.Method == "initialize" {
		if c.GetHeader("Mcp-Session-Id") != "" || req.isNotification() {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorEnvelope(req.ID, -32600, "Invalid Request: unexpected initialize"))
			return
		}
		sess := &session{id: uuid.NewString(), user: c.GetString("user"), created: time.Now()}
		sess.lastSeen = sess.created
		s.sessions.add(sess)
		c.Header("Mcp-Session-Id", sess.id)
		c.JSON(http.StatusOK, resultEnvelope(req.ID, initializeResult()))
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorEnvelope(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	sess, err := s.sessions.touch(c.Request.Context(), sid)
	if errors.Is(err, errNoSession) {
		c.AbortWithStatusJSON(http.StatusNotFound, errorEnvelope(req.ID, -32001, "Session not found"))
		return
	}
	if err != nil {
		s.log.Printf("notes: touching session %s: %v", sid, err)
		c.JSON(http.StatusOK, errorEnvelope(req.ID, -32603, "Internal error"))
		return
	}

	if req.isNotification() {
		c.Status(http.StatusAccepted)
		return
	}

	result, err := s.dispatch(c.Request.Context(), sess, &req)
	if err != nil {
		var re *rpcError
		if errors.As(err, &re) {
			c.JSON(http.StatusOK, errorEnvelope(req.ID, re.Code, re.Message))
			return
		}
		s.log.Printf("notes: %s failed: %v", req.Method, err)
		c.JSON(http.StatusOK, errorEnvelope(req.ID, -32603, "Internal error"))
		return
	}
	c.JSON(http.StatusOK, resultEnvelope(req.ID, result))
}

func (s *Server) handleDelete(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorEnvelope(nil, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	switch err := s.sessions.drop(c.Request.Context(), sid); {
	case errors.Is(err, errNoSession):
		c.AbortWithStatusJSON(http.StatusNotFound, errorEnvelope(nil, -32001, "Session not found"))
	case err != nil:
		s.log.Printf("notes: forgetting session %s: %v", sid, err)
		c.AbortWithStatusJSON(http.StatusInternalServerError, errorEnvelope(nil, -32603, "Internal error"))
	default:
		c.Status(http.StatusNoContent)
	}
}
