package tenantgw

import (
	"context"
	"encoding/json"
	"net/http"

	"example.com/synth/errors5/tenantgw/tenants"
)

type tenantKey struct{}

func TenantFrom(ctx context.Context) *tenants.Tenant {
	t, _ := ctx.Value(tenantKey{}).(*tenants.Tenant)
	return t
}

func deny(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func authenticate(dir *tenants.Directory) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("X-Api-Key")
			if key == "" {
				deny(w, http.StatusUnauthorized, -32000, "Unauthorized: X-Api-Key header is required")
				return
			}
			t, err := dir.Lookup(r.Context(), key)
			if t == nil || err != nil {
				deny(w, http.StatusUnauthorized, -32000, "Unauthorized: unknown API key")
				return
			}
			if t.Suspended {
				deny(w, http.StatusForbidden, -32000, "Forbidden: tenant suspended")
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), tenantKey{}, t)))
		})
	}
}

func enforceQuota(dir *tenants.Directory) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			t := TenantFrom(r.Context())
			if t == nil || t.DailyCap <= 0 || r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			used, err := dir.UsedToday(r.Context(), t.ID)
			if err != nil {
				deny(w, http.StatusInternalServerError, -32603, "Internal error")
				return
			}
			if used >= t.DailyCap {
				w.Header().Set("Retry-After", "3600")
				deny(w, http.StatusTooManyRequests, -32000, "Too Many Requests: daily tool-call quota reached")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
