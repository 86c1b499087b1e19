package ginbridge

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const (
	ctxSession = "mcp.session"
	ctxUser    = "mcp.user"
)

type TokenVerifier interface {
	Verify(token string) (user string, err error)
}

type Bridge struct {
	store  SessionStore
	tokens TokenVerifier
}

func NewBridge(store SessionStore, tokens TokenVerifier) *Bridge {
	return &Bridge{store: store, tokens: tokens}
}

func rpcErr(code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}}
}

func (b *Bridge) Register(r *gin.Engine) {
	g := r.Group("/mcp", b.auth())
	g.POST("", b.initOrForward)
	g.GET("", b.requireSession(), b.stream)
	g.DELETE("", b.requireSession(), b.closeSession)
}

func (b *Bridge) auth() gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.GetHeader("Authorization")
		tok, found := strings.CutPrefix(h, "Bearer ")
		if !found || tok == "" {
			c.Header("WWW-Authenticate", `Bearer realm="mcp"`)
			c.AbortWithStatusJSON(http.StatusUnauthorized, rpcErr(-32001, "missing bearer token"))
			return
		}
		user, err := b.tokens.Verify(tok)
		if err != nil {
			c.Header("WWW-Authenticate", `Bearer error="invalid_token"`)
			c.AbortWithStatusJSON(http.StatusUnauthorized, rpcErr(-32001, "invalid token"))
			return
		}
		c.Set(ctxUser, user)
		c.Next()
	}
}

// requireSession resolves Mcp-Session-Id into a *Session on the context.
func (b *Bridge) requireSession() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("Mcp-Session-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(-32600, "Bad Request: Mcp-Session-Id header is required"))
			return
		}
		sess, ok := b.store.Get(id)
		if !ok {
			c.AbortWithStatusJSON(http.StatusUnauthorized, rpcErr(-32001, "session expired, please re-authenticate"))
			return
		}
		if sess.Owner != c.GetString(ctxUser) {
			c.AbortWithStatusJSON(http.StatusForbidden, rpcErr(-32001, "session belongs to another user"))
			return
		}
		c.Set(ctxSession, sess)
		c.Next()
	}
}

type envelope struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

func (b *Bridge) initOrForward(c *gin.Context) {
	var msg envelope
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(http.StatusBadRequest, rpcErr(-32700, "Parse error"))
		return
	}
	if msg.Method == "initialize" {
		s := &Session{ID: uuid.NewString(), Owner: c.GetString(ctxUser), CreatedAt: time.Now()}
		b.store.Put(s)
		c.Header("Mcp-Session-Id", s.ID)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": gin.H{
			"protocolVersion": "2025-06-18",
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "gin-bridge", "version": "1.4.0"},
		}})
		return
	}
	b.requireSession()(c)
	if c.IsAborted() {
		return
	}
	if msg.ID == nil {
		c.Status(http.StatusAccepted)
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": gin.H{}})
}

func (b *Bridge) stream(c *gin.Context) {
	c.Header("Content-Type", "text/event-stream")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	<-c.Request.Context().Done()
}

func (b *Bridge) closeSession(c *gin.Context) {
	sess := c.MustGet(ctxSession).(*Session)
	b.store.Remove(sess.ID)
	c.Status(http.StatusNoContent)
}
