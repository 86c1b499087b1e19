package authgate

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/synth/errors5/authgate/introspect"
)

// NewHandler builds the gated /mcp endpoint.
func NewHandler(ic *introspect.Client, resourceMeta string, log *slog.Logger) http.Handler {
	s := server.NewMCPServer("billing-reports", "0.7.2", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("whoami", mcp.WithDescription("Report the caller's identity")),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			c := ClaimsFrom(ctx)
			if c == nil {
				return mcp.NewToolResultError("no identity on request"), nil
			}
			return mcp.NewToolResultText(c.Subject + " via " + c.ClientID), nil
		})

	streamable := server.NewStreamableHTTPServer(s,
		server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
			return context.WithValue(ctx, ctxKey{}, ClaimsFrom(r.Context()))
		}),
	)
	g := &Gate{IC: ic, Log: log, ResourceMeta: resourceMeta, RequiredScope: "reports:read"}
	return g.Wrap(streamable)
}
