// Package ginbridge exposes a set of local tools as an MCP endpoint on a gin router.
package ginbridge

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

type ToolFunc func(ctx context.Context, args map[string]any) (string, error)

type Bridge struct {
	sessions *redisSessions
	tools    map[string]ToolFunc
}

func NewBridge(rdb *redis.Client, tools map[string]ToolFunc) *Bridge {
	return &Bridge{sessions: newRedisSessions(rdb), tools: tools}
}

func (b *Bridge) Register(r gin.IRouter) {
	r.POST("/mcp", b.handlePost)
}

type rpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func errBody(id any, code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": id, "error": rpcErr{Code: code, Message: msg}}
}

func okBody(id any, result any) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": id, "result": result}
}

func (b *Bridge) handlePost(c *gin.Context) {
	var req rpcReq
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusOK, errBody(nil, -32700, "Parse error"))
		return
	}
	if req.JSONRPC != "2.0" {
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32600, "Invalid Request"))
		return
	}

	if req.Method == "initialize" {
		b.initialize(c, &req)
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	sess, err := b.sessions.load(c.Request.Context(), sid)
	if errors.Is(err, redis.Nil) {
		c.AbortWithStatusJSON(http.StatusNotFound, errBody(req.ID, -32001, "Session not found"))
		return
	}
	if err != nil {
		log.Printf("ginbridge: load session %s: %v", sid, err)
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32603, "Internal error"))
		return
	}
	c.Set("mcp.session", sess)

	if req.ID == nil {
		c.Status(http.StatusAccepted)
		return
	}

	switch req.Method {
	case "tools/call":
		b.callTool(c, &req)
	case "ping":
		c.JSON(http.StatusOK, okBody(req.ID, gin.H{}))
	default:
		c.JSON(http.StatusNotFound, errBody(req.ID, -32601, "Method not found"))
	}
}

func (b *Bridge) initialize(c *gin.Context, req *rpcReq) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
		ClientInfo      struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32602, "Invalid params"))
		return
	}
	id, err := uuid.NewRandom()
	if err != nil {
		c.JSON(http.StatusInternalServerError, errBody(req.ID, -32603, "Internal error"))
		return
	}
	sess := &Session{ID: id.String(), ProtocolVersion: p.ProtocolVersion, ClientName: p.ClientInfo.Name, CreatedAt: time.Now()}
	if err := b.sessions.save(c.Request.Context(), sess); err != nil {
		c.JSON(http.StatusInternalServerError, errBody(req.ID, -32603, "Internal error"))
		return
	}
	c.Header("Mcp-Session-Id", sess.ID)
	c.JSON(http.StatusOK, okBody(req.ID, gin.H{
		"protocolVersion": p.ProtocolVersion,
		"capabilities":    gin.H{"tools": gin.H{}},
		"serverInfo":      gin.H{"name": "ginbridge", "version": "0.3.1"},
	}))
}

func (b *Bridge) callTool(c *gin.Context, req *rpcReq) {
	var p struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32602, "Invalid params"))
		return
	}
	fn, ok := b.tools[p.Name]
	if !ok {
		c.JSON(http.StatusBadRequest, errBody(req.ID, -32602, "Unknown tool: "+p.Name))
		return
	}
	text, err := fn(c.Request.Context(), p.Arguments)
	if err != nil {
		// Tool failures belong to the call, not to the transport.
		c.JSON(http.StatusOK, errBody(req.ID, -32603, err.Error()))
		return
	}
	c.JSON(http.StatusOK, okBody(req.ID, gin.H{
		"content": []gin.H{{"type": "text", "text": text}},
	}))
}
