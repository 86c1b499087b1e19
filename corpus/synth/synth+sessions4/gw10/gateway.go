// Package gw10 puts an internal MCP server behind SSO. The gateway keeps one
// long-lived session with the upstream and hands out its own sessions.
package gw10

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type Config struct {
	Upstream        string
	UpstreamSession string
	UpstreamVersion string
}

type Gateway struct {
	cfg    Config
	client *http.Client

	mu    sync.Mutex
	users map[string]string // downstream session -> user
}

func New(cfg Config) *Gateway {
	return &Gateway{cfg: cfg, client: &http.Client{Timeout: 2 * time.Minute}, users: map[string]string{}}
}

func rpcErr(code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}}
}

type initRequest struct {
	ID     any `json:"id"`
	Params struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"params"`
}

func (g *Gateway) Install(r *gin.Engine) {
	r.POST("/mcp/initialize", g.initialize)
	r.POST("/mcp", g.session, g.forward)
}

func (g *Gateway) initialize(c *gin.Context) {
	var req initRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, rpcErr(-32700, "Parse error"))
		return
	}
	sid := uuid.NewString()
	g.mu.Lock()
	g.users[sid] = c.GetHeader("X-Forwarded-User")
	g.mu.Unlock()
	c.Header("Mcp-Session-Id", sid)
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{
		"protocolVersion": req.Params.ProtocolVersion,
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "gw10", "version": "3.0.0"},
	}})
}

func (g *Gateway) session(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(-32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	g.mu.Lock()
	user, ok := g.users[sid]
	g.mu.Unlock()
	if !ok {
		c.AbortWithStatusJSON(http.StatusForbidden, rpcErr(-32000, "Forbidden"))
		return
	}
	c.Set("user", user)
	c.Next()
}

func (g *Gateway) forward(c *gin.Context) {
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		c.JSON(http.StatusBadRequest, rpcErr(-32000, "Bad Request: the request body could not be read"))
		return
	}
	req, err := http.NewRequestWithContext(c.Request.Context(), http.MethodPost, g.cfg.Upstream, bytes.NewReader(body))
	if err != nil {
		c.JSON(http.StatusInternalServerError, rpcErr(-32603, "Internal error"))
		return
	}
	for k, v := range c.Request.Header {
		req.Header[k] = v
	}
	req.Header.Add("Mcp-Session-Id", g.cfg.UpstreamSession)
	req.Header.Set("MCP-Protocol-Version", g.cfg.UpstreamVersion)
	req.Header.Set("X-Forwarded-User", c.GetString("user"))

	resp, err := g.client.Do(req)
	if err != nil {
		c.JSON(http.StatusBadGateway, rpcErr(-32603, "Internal error"))
		return
	}
	defer resp.Body.Close()
	c.DataFromReader(resp.StatusCode, resp.ContentLength, resp.Header.Get("Content-Type"), resp.Body, nil)
}
