package mcphttp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// With TenantServer, the sessions of one tenant share its server, another
// tenant's sessions never reach it, and a tenant's server is dropped after
// its last session.
func TestTenantServer(t *testing.T) {
	var mu sync.Mutex
	made := map[string]int{}
	tenantServer := func(tenant string) *mcp.Server {
		mu.Lock()
		made[tenant]++
		mu.Unlock()
		s := mcp.NewServer(&mcp.Implementation{Name: "tenant-" + tenant, Version: "v0.0.1"}, nil)
		mcp.AddTool(s, &mcp.Tool{Name: "whose", Description: "Names the server's tenant."},
			func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: tenant}}}, nil, nil
			})
		return s
	}
	h := mcphttp.NewHandler(notesServer, mcphttp.Options{
		Principal:    byHeader,
		TenantServer: tenantServer,
		// The tenant is the principal's organisation: "ada@acme" is acme.
		Tenant: func(_ *http.Request, principal string) string {
			_, org, _ := strings.Cut(principal, "@")
			return org
		},
	})
	srv := httptest.NewServer(h)
	defer srv.Close()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		h.Shutdown(ctx)
	}()

	ada, ann, bob := connectAs(t, srv.URL, "ada@acme"), connectAs(t, srv.URL, "ann@acme"), connectAs(t, srv.URL, "bob@globex")
	for cs, want := range map[*mcp.ClientSession]string{ada: "acme", ann: "acme", bob: "globex"} {
		if got := call(t, cs, "whose", nil); got != want {
			t.Errorf("a session of %s is served by %s's server", want, got)
		}
	}
	mu.Lock()
	if made["acme"] != 1 || made["globex"] != 1 || len(made) != 2 {
		t.Errorf("servers made: %v, want one per tenant", made)
	}
	mu.Unlock()
	ada.Close()
	ann.Close()
	again := connectAs(t, srv.URL, "amy@acme")
	defer again.Close()
	defer bob.Close()
	call(t, again, "whose", nil)
	mu.Lock()
	defer mu.Unlock()
	if made["acme"] != 2 {
		t.Errorf("acme's server made %d times, want it dropped after its last session and made again", made["acme"])
	}
}
