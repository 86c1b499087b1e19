// srv10 runs the "recipes" demo MCP server on gin. One go-sdk transport per
// client session, looked up by Mcp-Session-Id.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type recipeQuery struct {
	Ingredient string `json:"ingredient" jsonschema:"main ingredient"`
}

var (
	mu         sync.Mutex
	transports = map[string]*mcp.StreamableServerTransport{}
)

func buildServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "recipes", Version: "0.0.4"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "find_recipe", Description: "Find recipes by ingredient"},
		func(ctx context.Context, _ *mcp.CallToolRequest, q recipeQuery) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "shakshuka (" + q.Ingredient + ")"}}}, nil, nil
		})
	return s
}

func errBody(id any, code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

func mcpHandler(server *mcp.Server) gin.HandlerFunc {
	return func(c *gin.Context) {
		if sid := c.GetHeader("Mcp-Session-Id"); sid != "" {
			mu.Lock()
			t, ok := transports[sid]
			mu.Unlock()
			if !ok {
				c.JSON(http.StatusBadRequest, errBody(nil, -32000, "Bad Request: invalid session"))
				return
			}
			t.ServeHTTP(c.Writer, c.Request)
			return
		}

		body, err := c.GetRawData()
		if err != nil {
			c.JSON(http.StatusBadRequest, errBody(nil, -32700, "Parse error"))
			return
		}
		var msg struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		if err := json.Unmarshal(body, &msg); err != nil {
			c.JSON(http.StatusBadRequest, errBody(nil, -32700, "Parse error: invalid JSON"))
			return
		}
		if msg.Method != "initialize" {
			c.JSON(http.StatusBadRequest, errBody(msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
			return
		}

		id := uuid.NewString()
		t := &mcp.StreamableServerTransport{SessionID: id}
		if _, err := server.Connect(context.Background(), t, nil); err != nil {
			log.Printf("connect: %v", err)
			c.JSON(http.StatusBadRequest, errBody(msg.ID, -32600, "could not start session"))
			return
		}
		mu.Lock()
		transports[id] = t
		mu.Unlock()

		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		t.ServeHTTP(c.Writer, c.Request)
	}
}

func main() {
	r := gin.New()
	r.Use(gin.Logger(), gin.Recovery())
	r.Any("/mcp", mcpHandler(buildServer()))
	log.Fatal(r.Run("127.0.0.1:3001"))
}
