package redisfront

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type EchoIn struct {
	Text string `json:"text"`
}

// Handler wires a go-sdk server behind the registry. Session ids are
// claimed when the SDK mints them and released when the session ends.
func Handler(reg *Registry, log *slog.Logger) http.Handler {
	srv := mcp.NewServer(&mcp.Implementation{Name: "echo-cluster", Version: "0.5.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			sid := req.Session.ID()
			if err := reg.Claim(ctx, sid); err != nil {
				log.Error("redisfront: claim", "sid", sid, "err", err)
			}
			go func() {
				_ = req.Session.Wait()
				reg.Release(context.Background(), sid)
			}()
		},
	})
	mcp.AddTool(srv, &mcp.Tool{Name: "echo", Description: "Echo the text back"},
		func(_ context.Context, _ *mcp.CallToolRequest, in EchoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	return reg.Middleware(h)
}
