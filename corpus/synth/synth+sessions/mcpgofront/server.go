package mcpgofront

import (
	"context"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewHandler builds the /mcp handler.
func NewHandler() http.Handler {
	s := server.NewMCPServer("workspace-tools", "0.9.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("ping", mcp.WithDescription("Answers pong")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("pong"), nil
		})
	return server.NewStreamableHTTPServer(s,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdManager(newRegistryIDs(30*time.Minute)),
	)
}
