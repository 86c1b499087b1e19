package mcphttp

import (
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// tenants holds the servers of the tenants with a session open, for
// Options.TenantServer: made on a tenant's first session, dropped after its
// last.
type tenants struct {
	mu   sync.Mutex
	byID map[string]*tenant
}

type tenant struct {
	server   *mcp.Server
	sessions int
}

// tenantOf is the tenant of a session opened or resumed by r.
func (h *Handler) tenantOf(r *http.Request, principal string) string {
	if h.opts.Tenant != nil {
		return h.opts.Tenant(r, principal)
	}
	return principal
}

// acquire returns the server of tenant id, made by make when the tenant has
// no session open, and counts one more session of it.
func (ts *tenants) acquire(id string, make func(string) *mcp.Server) *mcp.Server {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.byID[id]
	if t == nil {
		// Made under the lock: two first sessions of one tenant get one
		// server. A constructor that blocks holds up other tenants' first
		// sessions, never their established ones.
		t = &tenant{server: make(id)}
		if ts.byID == nil {
			ts.byID = map[string]*tenant{}
		}
		ts.byID[id] = t
	}
	t.sessions++
	return t.server
}

// release counts one session of tenant id fewer, and drops its server
// after the last.
func (ts *tenants) release(id string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t := ts.byID[id]; t != nil {
		if t.sessions--; t.sessions <= 0 {
			delete(ts.byID, id)
		}
	}
}

// serverFor is the server a new or resumed session s is connected to: its
// tenant's with TenantServer, the shared one with SharedServer, else a fresh
// one.
func (h *Handler) serverFor(r *http.Request, s *session) *mcp.Server {
	if h.opts.TenantServer != nil {
		s.tenant = h.tenantOf(r, s.principal)
		s.hasTenant = true
		return h.tenants.acquire(s.tenant, h.opts.TenantServer)
	}
	if h.server != nil {
		return h.server
	}
	return h.newServer()
}

// releaseServer gives back a closed session's hold on its tenant's server.
func (h *Handler) releaseServer(s *session) {
	if s.hasTenant {
		h.tenants.release(s.tenant)
	}
}
