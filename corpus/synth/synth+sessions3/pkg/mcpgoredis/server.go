package mcpgoredis

import (
	"context"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/redis/go-redis/v9"
)

func NewHTTPHandler(rdb *redis.Client) http.Handler {
	s := server.NewMCPServer("notes", "0.5.2", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("echo", mcp.WithDescription("echo the input"), mcp.WithString("text", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(req.GetString("text", "")), nil
		})
	return server.NewStreamableHTTPServer(s,
		server.WithSessionIdManager(NewRedisIDs(rdb, 30*time.Minute)),
		server.WithEndpointPath("/mcp"),
	)
}
