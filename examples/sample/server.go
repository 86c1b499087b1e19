package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer returns the MCP server: its tools, resources and prompts. It must
// build a new server on every call: the handler calls it once up front, and
// once per session unless HandlerOptions.SharedServer is set (main.go sets it,
// so one server serves every session: keep per-client state in the request's
// session, not in the server or variables it closes over).
func NewServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "sample", Version: "v0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet", Description: "Say hello to someone."}, greet)
	return server
}

// GreetInput is the greet tool's input; its JSON schema is inferred from
// the struct, with the jsonschema tags as descriptions.
type GreetInput struct {
	Name string `json:"name" jsonschema:"the name of the person to greet"`
}

// GreetOutput is the greet tool's structured result.
type GreetOutput struct {
	Greeting string `json:"greeting"`
}

// greet is the greet tool's handler.
func greet(_ context.Context, _ *mcp.CallToolRequest, in GreetInput) (*mcp.CallToolResult, GreetOutput, error) {
	return nil, GreetOutput{Greeting: "Hello, " + in.Name + "!"}, nil
}
