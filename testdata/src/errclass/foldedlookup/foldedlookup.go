// Package foldedlookup: an MCP endpoint that folds every error of a
// lookup into "not found" (404) or "not yours" (403). When the lookup can
// fail on the server's side (a store reached through an interface that
// takes a context), the client is told the resource is missing or
// forbidden while the server is the one that failed: 500.
package foldedlookup

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

type tool struct{ Name string }

// registry is the server's own store of backends.
type registry interface {
	Backend(ctx context.Context, name string) (*tool, error)
	CanUse(ctx context.Context, user, name string) error
}

var errNoBackend = errors.New("no such backend")

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}})
}

type gateway struct{ reg registry }

// Every error of the store's lookup answered 404.
func (g *gateway) route(w http.ResponseWriter, r *http.Request) {
	b, err := g.reg.Backend(r.Context(), r.PathValue("backend"))
	if err != nil {
		writeErr(w, http.StatusNotFound, -32602, "backend not found") // want `answers 404 for an error from g.reg.Backend, a server-side failure: answer 500`
		return
	}
	_ = b
}

// Every error of the access check answered 403, in a gateway that names
// the session header.
func (g *gateway) call(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	if err := g.reg.CanUse(r.Context(), r.Header.Get("X-User"), r.PathValue("backend")); err != nil {
		http.Error(w, "forbidden", http.StatusForbidden) // want `answers 403 for an error from g.reg.CanUse, a server-side failure: answer 500`
		return
	}
}

// The lookup's own "not found" told apart from its failures: right.
func (g *gateway) routeApart(w http.ResponseWriter, r *http.Request) {
	b, err := g.reg.Backend(r.Context(), r.PathValue("backend"))
	if errors.Is(err, errNoBackend) {
		writeErr(w, http.StatusNotFound, -32602, "backend not found")
		return
	}
	if err != nil {
		writeErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	_ = b
}

// verifier checks a bearer token, possibly against an identity provider.
type verifier interface {
	Verify(ctx context.Context, token string) (string, error)
}

// A credential check answered 401 for every error: whether the provider's
// outage is a 401 or a 500 is the deployment's call, so it is not judged.
func authenticate(v verifier, w http.ResponseWriter, r *http.Request) bool {
	user, err := v.Verify(r.Context(), r.Header.Get("Authorization"))
	if err != nil {
		writeErr(w, http.StatusUnauthorized, -32001, "invalid token")
		return false
	}
	return user != ""
}

// sessions is the server's store of sessions.
type sessions interface {
	Get(ctx context.Context, id string) (string, error)
}

// A session the store cannot produce answered 404, by the 2024-11-05
// transport's sessionId query: the client starts over. Whether a store
// outage deserves 5xx there is sessionstatus's to judge: silent.
func message(ss sessions, w http.ResponseWriter, r *http.Request) {
	conn, err := ss.Get(r.Context(), r.URL.Query().Get("sessionId"))
	if err != nil {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	_ = conn
}
