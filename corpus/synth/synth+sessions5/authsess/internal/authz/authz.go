// Package authz resolves the caller of a request from its bearer token.
package authz

import (
	"context"
	"net/http"
	"strings"
)

type Principal struct {
	Subject string
	Scopes  []string
}

type ctxKey struct{}

// Verifier checks a bearer token.
type Verifier interface {
	Verify(ctx context.Context, token string) (*Principal, error)
}

// Middleware attaches the verified principal to the request context and
// refuses requests whose token does not verify.
func Middleware(v Verifier) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || raw == "" {
				w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			p, err := v.Verify(r.Context(), raw)
			if err != nil {
				w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, p)))
		})
	}
}

// From returns the principal of the request, or nil.
func From(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}
