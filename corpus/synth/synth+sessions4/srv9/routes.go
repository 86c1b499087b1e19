package srv9

import (
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type session struct {
	id      string
	proto   string
	started time.Time
}

type store struct {
	mu sync.Mutex
	m  map[string]*session
}

// Lookup returns nil when the session does not exist.
func (s *store) Lookup(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[id]
}

func (s *store) Insert(sess *session) {
	s.mu.Lock()
	s.m[sess.id] = sess
	s.mu.Unlock()
}

func (s *store) Remove(id string) {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
}

var supportedProtocols = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

func isSupported(v string) bool {
	for _, s := range supportedProtocols {
		if s == v {
			return true
		}
	}
	return false
}

func jsonrpcError(code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}}
}

func protocolHeader() gin.HandlerFunc {
	return func(c *gin.Context) {
		if v := c.GetHeader("MCP-Protocol-Version"); v != "" && !isSupported(v) {
			c.AbortWithStatusJSON(http.StatusPreconditionFailed, jsonrpcError(-32000, "unsupported MCP-Protocol-Version"))
			return
		}
		c.Next()
	}
}

func sessionRequired(st *store) gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("Mcp-Session-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, jsonrpcError(-32000, "Bad Request: Mcp-Session-Id header is required"))
			return
		}
		sess := st.Lookup(id)
		if sess == nil {
			c.AbortWithStatus(http.StatusUnauthorized)
			return
		}
		c.Set("session", sess)
		c.Next()
	}
}

type initParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
}

type initRequest struct {
	JSONRPC string     `json:"jsonrpc"`
	ID      any        `json:"id"`
	Method  string     `json:"method"`
	Params  initParams `json:"params"`
}

func Setup(r *gin.Engine) {
	st := &store{m: map[string]*session{}}
	r.Use(protocolHeader())

	r.POST("/mcp/initialize", func(c *gin.Context) {
		var req initRequest
		if err := c.ShouldBindJSON(&req); err != nil {
			c.JSON(http.StatusBadRequest, jsonrpcError(-32700, "Parse error"))
			return
		}
		if !isSupported(req.Params.ProtocolVersion) {
			c.JSON(http.StatusBadRequest, jsonrpcError(-32602, "Unsupported protocol version"))
			return
		}
		sess := &session{id: uuid.NewString(), proto: req.Params.ProtocolVersion, started: time.Now()}
		st.Insert(sess)
		c.Header("Mcp-Session-Id", sess.id)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{"protocolVersion": sess.proto, "capabilities": gin.H{}}})
	})

	authed := r.Group("/mcp", sessionRequired(st))
	authed.POST("", func(c *gin.Context) {
		var body map[string]any
		if err := c.ShouldBindJSON(&body); err != nil {
			c.JSON(http.StatusBadRequest, jsonrpcError(-32700, "Parse error"))
			return
		}
		if _, ok := body["id"]; !ok {
			c.Status(http.StatusAccepted)
			return
		}
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": body["id"], "result": gin.H{}})
	})

	// Sessions are torn down here rather than behind the middleware so a
	// double DELETE from a flaky client does not show up as an error.
	r.DELETE("/mcp", func(c *gin.Context) {
		id := c.GetHeader("Mcp-Session-Id")
		if id == "" {
			c.JSON(http.StatusBadRequest, jsonrpcError(-32000, "Bad Request: Mcp-Session-Id header is required"))
			return
		}
		if st.Lookup(id) == nil {
			c.JSON(http.StatusOK, gin.H{"status": "already closed"})
			return
		}
		st.Remove(id)
		c.Status(http.StatusNoContent)
	})
}
