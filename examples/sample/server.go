package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer returns the MCP server: its tools, resources and prompts. The
// handler calls it for every session it opens (and once up front when it
// serves 2026-07-28 statelessly), so it must build a new server on every
// call; share state through variables it closes over, not the *mcp.Server.
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
