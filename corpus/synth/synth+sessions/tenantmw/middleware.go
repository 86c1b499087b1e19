// Package tenantmw scopes MCP sessions to the tenant named by the API key,
// so one tenant can never drive another tenant's session.
package tenantmw

import (
	"context"
	"net/http"
	"sync"

	"example.com/synth/sessions/internal/rpc"
)

type tenantKey struct{}

// TenantFrom returns the tenant the auth layer put in the context.
func TenantFrom(ctx context.Context) string {
	t, _ := ctx.Value(tenantKey{}).(string)
	return t
}

// WithTenant is used by the auth layer.
func WithTenant(ctx context.Context, tenant string) context.Context {
	return context.WithValue(ctx, tenantKey{}, tenant)
}

// Scoped keeps each tenant's sessions in its own map.
type Scoped struct {
	mu       sync.RWMutex
	byTenant map[string]map[string]struct{}
}

func NewScoped() *Scoped {
	return &Scoped{byTenant: make(map[string]map[string]struct{})}
}

// Add records a session minted for tenant.
func (s *Scoped) Add(tenant, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.byTenant[tenant]
	if m == nil {
		m = make(map[string]struct{})
		s.byTenant[tenant] = m
	}
	m[id] = struct{}{}
}

func (s *Scoped) has(tenant, id string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.byTenant[tenant][id]
	return ok
}

// Guard wraps the follow-up routes (everything but initialize).
func (s *Scoped) Guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tenant := TenantFrom(r.Context())
		if tenant == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="tenants"`)
			rpc.WriteError(w, http.StatusUnauthorized, nil, rpc.CodeServerError, "Unauthorized: API key required")
			return
		}
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			rpc.WriteError(w, http.StatusBadRequest, nil, rpc.CodeServerError, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		if !s.has(tenant, id) {
			rpc.WriteError(w, http.StatusForbidden, nil, rpc.CodeServerError, "Forbidden: session not owned by tenant")
			return
		}
		next.ServeHTTP(w, r)
	})
}
