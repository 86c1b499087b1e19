// Package reqctx reads what a request carries; the handlers that use it
// live in another package.
package reqctx

import (
	"net/http"
	"strings"
)

// SessionID is the session the client names, from the header or, for
// clients that cannot set one, the query.
func SessionID(r *http.Request) string {
	if v := strings.TrimSpace(r.Header.Get("Mcp-Session-Id")); v != "" {
		return v
	}
	return r.URL.Query().Get("session")
}

// Clean trims a value; given the id by a caller it returns the id, but it
// says nothing of what another package hands it.
func Clean(s string) string { return strings.TrimSpace(s) }

// Tenant is the tenant the request is for.
func Tenant(r *http.Request) string { return r.Header.Get("X-Tenant") }

func echo(r *http.Request) string { return Clean(r.Header.Get("Mcp-Session-Id")) }

var _ = echo
