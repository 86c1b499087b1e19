// Package upstream: a gateway whose MCP client holds its own upstream
// session, and round-trippers under that client that copy the downstream
// caller's headers (kept in the request context) onto every upstream
// request, beside round-trippers that copy only chosen headers or their
// own configuration.
package upstream

import (
	"context"
	"net/http"
)

type downstreamKey struct{}

type labelKey string

const configKey labelKey = "config"

// keepHeaders is middleware that stores the caller's headers for the
// upstream client.
func keepHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header
		ctx := context.WithValue(r.Context(), downstreamKey{}, h)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// keepConfig stores a header set of its own, not the caller's.
func keepConfig(ctx context.Context) context.Context {
	return context.WithValue(ctx, configKey, http.Header{"X-Tenant": {"a"}})
}

// copyAll forwards every downstream header, the caller's session id and
// revision included, onto requests of the client's own session.
type copyAll struct{ base http.RoundTripper }

func (t *copyAll) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	if headers, ok := req.Context().Value(downstreamKey{}).(http.Header); ok {
		for k, vs := range headers {
			for _, v := range vs {
				out.Header.Add(k, v) // want `the downstream request's Mcp-Session-Id and MCP-Protocol-Version are copied onto a request of this client's own upstream session`
			}
		}
	}
	return t.base.RoundTrip(out)
}

// copySession forwards the caller's id by name.
type copySession struct{ base http.RoundTripper }

func (t *copySession) RoundTrip(req *http.Request) (*http.Response, error) {
	h, _ := req.Context().Value(downstreamKey{}).(http.Header)
	req.Header.Set("Mcp-Session-Id", h.Get("Mcp-Session-Id")) // want `the downstream request's Mcp-Session-Id and MCP-Protocol-Version are copied`
	return t.base.RoundTrip(req)
}

// allowList copies only the headers it was told to.
type allowList struct {
	base    http.RoundTripper
	allowed map[string]bool
}

func (t *allowList) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	headers, _ := req.Context().Value(downstreamKey{}).(http.Header)
	for k, vs := range headers {
		if !t.allowed[http.CanonicalHeaderKey(k)] {
			continue
		}
		out.Header[k] = vs
	}
	return t.base.RoundTrip(out)
}

// configured adds the operator's headers, kept in the context by
// keepConfig: none of them is the caller's.
type configured struct{ base http.RoundTripper }

func (t *configured) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	headers, _ := req.Context().Value(configKey).(http.Header)
	for k, vs := range headers {
		out.Header[k] = vs
	}
	return t.base.RoundTrip(out)
}

// transparent forwards the caller's request to the one server that issued
// its session: the caller's headers are that server's own.
func transparent(w http.ResponseWriter, r *http.Request) {
	out, err := http.NewRequestWithContext(r.Context(), r.Method, "http://backend/mcp", r.Body)
	if err != nil {
		http.Error(w, "bad upstream", http.StatusBadGateway)
		return
	}
	out.Header = r.Header.Clone()
	resp, err := http.DefaultClient.Do(out)
	if err != nil {
		http.Error(w, "upstream failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
}

type forwardedKey struct{}

// contextFromRequest is a server's hook deriving each request's context
// from the incoming request.
func contextFromRequest(ctx context.Context, r *http.Request) context.Context {
	return context.WithValue(ctx, forwardedKey{}, r.Header)
}

// headersFor is the upstream client's per-request header hook: its entries
// are set over the client's own session id and revision.
func headersFor(ctx context.Context) map[string]string {
	out := map[string]string{}
	h, _ := ctx.Value(forwardedKey{}).(http.Header)
	for k := range h {
		out[k] = h.Get(k) // want `the downstream request's Mcp-Session-Id and MCP-Protocol-Version are copied`
	}
	return out
}

// hooks builds header hooks as literals: one forwards the caller's
// revision by name, one only its trace id.
func hooks() []func(context.Context) map[string]string {
	return []func(context.Context) map[string]string{
		func(ctx context.Context) map[string]string {
			h, _ := ctx.Value(forwardedKey{}).(http.Header)
			return map[string]string{"MCP-Protocol-Version": h.Get("MCP-Protocol-Version")} // want `the downstream request's Mcp-Session-Id and MCP-Protocol-Version are copied`
		},
		func(ctx context.Context) map[string]string {
			h, _ := ctx.Value(forwardedKey{}).(http.Header)
			return map[string]string{"X-Trace-Id": h.Get("X-Trace-Id")}
		},
	}
}
