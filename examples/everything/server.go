// The server the official MCP conformance suite runs against: every fixture the
// suite's server scenarios call by name (tools, resources, prompts, completions, logging, sampling,
// elicitation, the 2026-07-28 diagnostic and input-required tools), served on one endpoint for both
// protocol eras by the handler mcpgen generated beside this file.
//
// server.go, tools*.go, resources.go, prompts.go and media.go are user-owned: mcpgen never rewrites them.
// Fixture names and payloads follow go-sdk's conformance/everything-server, which in turn mirrors the
// TypeScript reference server; the suite compares several payloads byte for byte. (main.go holds the
// package comment.)

package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer returns a fresh server with every fixture registered. The generated handler calls it once
// per legacy session and for the modern (2026-07-28) leg, so it must not share mutable state between
// calls beyond what triggers.go deliberately broadcasts.
func NewServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{
		Name:    "mcpwire-everything",
		Title:   "mcpwire conformance fixtures",
		Version: "1.0.0",
	}, &mcp.ServerOptions{
		CompletionHandler: complete,
		// Subscriptions are tracked by go-sdk itself (Server.ResourceUpdated reaches subscribers);
		// the handlers only have to accept them.
		SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
	})
	registerTools(server)
	registerInputRequiredTools(server)
	registerResources(server)
	registerPrompts(server)
	registerNotebook(server)
	trackForListChanges(server)
	return server
}

// complete answers completion/complete with an empty list: the suite checks the capability and the
// result's shape, not the values.
func complete(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
}
