package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The example's session map serves the go-sdk client and forgets refused
// handshakes and ended sessions.
func TestHello(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "hello", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet"}, greet)
	s := &sessions{server: server, log: slog.New(slog.DiscardHandler), byID: map[string]*streamable.Transport{}, live: map[*streamable.Transport]*mcp.ServerSession{}}
	srv := httptest.NewServer(s)
	defer srv.Close()

	res, err := http.Post(srv.URL, "text/plain", strings.NewReader("hi"))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusNotAcceptable {
		t.Fatalf("refused handshake: %d", res.StatusCode)
	}

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "mcpwire"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Content[0].(*mcp.TextContent).Text; got != "Hello, mcpwire!" {
		t.Fatalf("greet: %q", got)
	}
	cs.Close()
	s.closeAll()
	if len(s.byID) != 0 {
		t.Fatalf("%d sessions left", len(s.byID))
	}
}
