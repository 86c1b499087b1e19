// Package tenantgw is the multi-tenant MCP endpoint of the reporting
// product: chi for routing and tenant middleware, mcp-go for MCP itself.
package tenantgw

import (
	"context"
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/synth/errors5/tenantgw/tenants"
)

func NewRouter(dir *tenants.Directory) http.Handler {
	s := server.NewMCPServer("reports", "1.9.0", server.WithToolCapabilities(false), server.WithRecovery())
	s.AddTool(
		mcp.NewTool("tenant_info", mcp.WithDescription("Describe the calling tenant")),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			t := TenantFrom(ctx)
			if t == nil {
				return mcp.NewToolResultError("no tenant on request"), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("%s (%s), cap %d/day", t.Name, t.ID, t.DailyCap)), nil
		},
	)
	mcpHTTP := server.NewStreamableHTTPServer(s,
		server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
			return context.WithValue(ctx, tenantKey{}, TenantFrom(r.Context()))
		}),
	)

	r := chi.NewRouter()
	r.Use(middleware.Recoverer)
	r.Group(func(r chi.Router) {
		r.Use(authenticate(dir), enforceQuota(dir))
		r.Handle("/mcp", mcpHTTP)
	})
	return r
}
