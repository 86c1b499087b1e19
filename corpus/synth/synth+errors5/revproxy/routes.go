// Package revproxy routes /mcp/{tenant} to the tenant's MCP server with
// httputil.ReverseProxy. A tenant may run a canary next to its stable
// backend; canary traffic is selected by header.
package revproxy

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
)

type Route struct {
	Tenant string
	Stable string
	Canary string // optional
}

type Router struct {
	limit  int64
	log    *slog.Logger
	stable map[string]*httputil.ReverseProxy
	canary map[string]*httputil.ReverseProxy
}

func NewRouter(routes []Route, limit int64, log *slog.Logger) (*Router, error) {
	rt := &Router{
		limit:  limit,
		log:    log,
		stable: map[string]*httputil.ReverseProxy{},
		canary: map[string]*httputil.ReverseProxy{},
	}
	for _, r := range routes {
		u, err := url.Parse(r.Stable)
		if err != nil {
			return nil, fmt.Errorf("route %s: %w", r.Tenant, err)
		}
		p := httputil.NewSingleHostReverseProxy(u)
		p.ErrorHandler = rt.stableError
		p.FlushInterval = -1 // pass SSE through as it arrives
		rt.stable[r.Tenant] = p

		if r.Canary == "" {
			continue
		}
		cu, err := url.Parse(r.Canary)
		if err != nil {
			return nil, fmt.Errorf("route %s canary: %w", r.Tenant, err)
		}
		cp := httputil.NewSingleHostReverseProxy(cu)
		cp.ErrorHandler = canaryError
		cp.FlushInterval = -1
		rt.canary[r.Tenant] = cp
	}
	return rt, nil
}

func (rt *Router) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/mcp/{tenant}", func(w http.ResponseWriter, r *http.Request) {
		tenant := r.PathValue("tenant")
		p, ok := rt.stable[tenant]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if cp, ok := rt.canary[tenant]; ok && r.Header.Get("X-Canary") == "1" {
			p = cp
		}
		r.Body = http.MaxBytesReader(w, r.Body, rt.limit)
		r.URL.Path = "/mcp"
		p.ServeHTTP(w, r)
	})
	return mux
}
