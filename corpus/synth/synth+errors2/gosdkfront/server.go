// Package gosdkfront mounts a go-sdk MCP server behind a couple of guard
// middlewares.
package gosdkfront

import (
	"context"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type EchoInput struct {
	Text string `json:"text" jsonschema:"text to echo back"`
}

type EchoOutput struct {
	Text string `json:"text"`
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "front", Version: "0.2.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo the input"},
		func(ctx context.Context, req *mcp.CallToolRequest, in EchoInput) (*mcp.CallToolResult, EchoOutput, error) {
			return nil, EchoOutput{Text: in.Text}, nil
		})
	return s
}

// Handler returns the guarded MCP endpoint.
func Handler() http.Handler {
	srv := newServer()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		SessionTimeout: 30 * time.Minute,
	})
	return Recover(Precheck(4<<20, h))
}
