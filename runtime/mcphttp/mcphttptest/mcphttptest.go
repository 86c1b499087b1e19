// Package mcphttptest holds what a test of an MCP HTTP endpoint needs
// beside the endpoint itself: a one-tool server and go-sdk's real client,
// connected in a chosen protocol revision. The runtime's own tests and the
// tests mcpgen generates use it, so a generated test is only the check of
// the user's wiring.
package mcphttptest

import (
	"context"
	"net/http"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// EchoInput is the input, and the structured output, of EchoServer's tool.
type EchoInput struct {
	Text string `json:"text"`
}

// EchoServer returns a server with one tool, "echo", that returns its
// input. Its signature fits the runtime's NewHandler and TenantServer.
func EchoServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "mcphttptest", Version: "v0.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echoes its input."},
		func(_ context.Context, _ *mcp.CallToolRequest, in EchoInput) (*mcp.CallToolResult, EchoInput, error) {
			return nil, in, nil
		})
	return s
}

// Connect connects go-sdk's client to url asking for protocol revision
// version, through client when it is not nil. It fails the test when the
// handshake fails; the caller closes the session.
func Connect(t testing.TB, url, version string, client *http.Client) *mcp.ClientSession {
	t.Helper()
	transport := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: client}
	c := mcp.NewClient(&mcp.Implementation{Name: "mcphttptest-client", Version: "v0.0.1"}, nil)
	cs, err := c.Connect(context.Background(), transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("Connect(%q): %v", version, err)
	}
	return cs
}

// CallEcho lists the tools through cs, expecting EchoServer's one tool,
// and calls it, failing the test on any error.
func CallEcho(t testing.TB, cs *mcp.ClientSession) {
	t.Helper()
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	if len(tools.Tools) != 1 || tools.Tools[0].Name != "echo" {
		t.Fatalf("ListTools = %v, want the echo tool", tools.Tools)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hello"}})
	if err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	if res.IsError {
		t.Fatalf("CallTool returned a tool error: %v", res.Content)
	}
}
