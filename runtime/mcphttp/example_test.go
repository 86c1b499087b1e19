package mcphttp_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type greetInput struct {
	Name string `json:"name"`
}

// newGreeter returns a new server with one tool; the handler calls it for
// every session (and once for the stateless leg).
func newGreeter() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "greeter", Version: "v1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "Says hello."},
		func(_ context.Context, _ *mcp.CallToolRequest, in greetInput) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello, " + in.Name}}}, nil, nil
		})
	return s
}

// A hybrid endpoint serves a session-era client with a session and closes it
// at shutdown.
func Example() {
	h := mcphttp.NewHandler(newGreeter, mcphttp.Options{DrainTimeout: 2 * time.Second})
	srv := httptest.NewServer(h)
	defer srv.Close()

	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1.0.0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Ada"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	fmt.Println("open sessions:", h.Stats().OpenSessions)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		fmt.Println(err)
	}
	fmt.Println("closed by shutdown:", h.Stats().ClosedByShutdown)
	cs.Close()
	// Output:
	// hello, Ada
	// open sessions: 1
	// closed by shutdown: 1
}
