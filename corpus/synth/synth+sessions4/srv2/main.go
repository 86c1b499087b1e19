package srv2

import (
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const ProtocolVersion = "2025-06-18"

type Message struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id,omitempty"`
	Method  string         `json:"method"`
	Params  map[string]any `json:"params,omitempty"`
}

type Session struct {
	ID       string
	Client   string
	LastSeen time.Time
}

type App struct {
	sessions sync.Map // string -> *Session
	tools    []map[string]any
}

func NewApp() *App {
	return &App{tools: []map[string]any{{"name": "echo", "description": "Echo the input"}}}
}

func rpcErr(id any, code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

func (a *App) Register(r *gin.Engine) {
	r.POST("/mcp", a.checkVersion, a.post)
	r.GET("/mcp", a.checkVersion, a.stream)
}

func (a *App) checkVersion(c *gin.Context) {
	v := c.GetHeader("MCP-Protocol-Version")
	if v == "" || v == ProtocolVersion || v == "2025-03-26" {
		c.Next()
		return
	}
	c.AbortWithStatusJSON(http.StatusBadRequest, rpcErr(nil, -32000, "Bad Request: unsupported protocol version "+v))
}

func (a *App) post(c *gin.Context) {
	var msg Message
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(http.StatusBadRequest, rpcErr(nil, -32700, "Parse error"))
		return
	}

	if msg.Method == "initialize" {
		pv, _ := msg.Params["protocolVersion"].(string)
		if pv != ProtocolVersion {
			c.JSON(http.StatusBadRequest, rpcErr(msg.ID, -32602, "Unsupported protocol version: "+pv))
			return
		}
		sid := c.GetHeader("Mcp-Session-Id")
		if sid == "" {
			sid = uuid.NewString()
		}
		a.sessions.Store(sid, &Session{ID: sid, Client: c.ClientIP(), LastSeen: time.Now()})
		c.Header("Mcp-Session-Id", sid)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": gin.H{
			"protocolVersion": ProtocolVersion,
			"capabilities":    gin.H{"tools": gin.H{}},
			"serverInfo":      gin.H{"name": "srv2", "version": "1.0.0"},
		}})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.JSON(http.StatusNotFound, rpcErr(msg.ID, -32001, "session not found"))
		return
	}
	v, ok := a.sessions.Load(sid)
	if !ok {
		c.JSON(http.StatusBadRequest, rpcErr(msg.ID, -32000, "invalid session"))
		return
	}
	v.(*Session).LastSeen = time.Now()

	switch msg.Method {
	case "notifications/initialized":
		c.Status(http.StatusAccepted)
	case "tools/list":
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": gin.H{"tools": a.tools}})
	default:
		c.JSON(http.StatusOK, rpcErr(msg.ID, -32601, "Method not found"))
	}
}

func (a *App) stream(c *gin.Context) {
	sid := c.GetHeader("Mcp-Session-Id")
	if _, ok := a.sessions.Load(sid); !ok || sid == "" {
		c.JSON(http.StatusNotFound, rpcErr(nil, -32001, "Session not found"))
		return
	}
	c.Header("Content-Type", "text/event-stream")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	<-c.Request.Context().Done()
}
