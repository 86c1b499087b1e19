// Package authgate puts token introspection in front of an mcp-go
// Streamable HTTP server.
package authgate

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"example.com/synth/errors5/authgate/introspect"
)

type ctxKey struct{}

// ClaimsFrom returns the claims the gate attached to ctx.
func ClaimsFrom(ctx context.Context) *introspect.Claims {
	c, _ := ctx.Value(ctxKey{}).(*introspect.Claims)
	return c
}

type Gate struct {
	IC            *introspect.Client
	Log           *slog.Logger
	ResourceMeta  string // URL of the protected resource metadata document
	RequiredScope string
}

func (g *Gate) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.IC == nil || g.IC.Endpoint == "" {
			g.Log.Error("authgate: no introspection endpoint configured")
			g.challenge(w, "authentication is not available")
			return
		}
		tok, ok := bearer(r)
		if !ok {
			g.challenge(w, "missing bearer token")
			return
		}
		claims, err := g.IC.Check(r.Context(), tok)
		switch {
		case err == nil:
		case errors.Is(err, introspect.ErrInactive):
			g.challenge(w, "token is not active")
			return
		case errors.Is(err, introspect.ErrUnavailable):
			g.Log.Error("authgate: introspection unavailable", "err", err)
			w.Header().Set("Retry-After", "5")
			deny(w, http.StatusServiceUnavailable, "Service Unavailable: authorization server did not answer")
			return
		default:
			g.Log.Error("authgate: introspection failed", "err", err)
			g.challenge(w, "invalid token")
			return
		}
		if g.RequiredScope != "" && !claims.HasScope(g.RequiredScope) {
			w.Header().Set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="`+g.RequiredScope+`"`)
			deny(w, http.StatusForbidden, "Forbidden: insufficient scope")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, claims)))
	})
}

func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	t := strings.TrimSpace(h[7:])
	return t, t != ""
}

func (g *Gate) challenge(w http.ResponseWriter, why string) {
	w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+g.ResourceMeta+`"`)
	deny(w, http.StatusUnauthorized, "Unauthorized: "+why)
}

func deny(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		JSONRPC string `json:"jsonrpc"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
		ID any `json:"id"`
	}{JSONRPC: "2.0", Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{-32000, msg}})
}
