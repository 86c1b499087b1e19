// Package forward restates gateways that forward a downstream client's
// request to an upstream MCP server they hold their own session with: the
// incoming headers are copied wholesale, then the gateway adds its own
// upstream session id or revision, and the upstream receives two values.
package forward

import (
	"net/http"
	"net/http/httputil"
	"net/url"
)

type gateway struct {
	hc        *http.Client
	upstream  string
	upstreamS string // the gateway's own session with the upstream
	upstreamV string // the revision it negotiated there
}

// cloneThenAdd copies by Clone and adds its own values.
func (g *gateway) cloneThenAdd(w http.ResponseWriter, r *http.Request) {
	out, err := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	if err != nil {
		return
	}
	out.Header = r.Header.Clone()
	out.Header.Add("Mcp-Session-Id", g.upstreamS)       // want `Mcp-Session-Id added to a request that already carries the incoming request's Mcp-Session-Id`
	out.Header.Add("Mcp-Protocol-Version", g.upstreamV) // want `Mcp-Protocol-Version added to a request that already carries`
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

// loopThenAdd copies every header in a loop.
func (g *gateway) loopThenAdd(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	for k, vs := range r.Header {
		for _, v := range vs {
			out.Header.Add(k, v)
		}
	}
	out.Header.Add("Mcp-Session-Id", g.upstreamS) // want `Mcp-Session-Id added to a request`
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

// director: ReverseProxy hands Director a request already carrying every
// incoming header.
func (g *gateway) director() *httputil.ReverseProxy {
	target, _ := url.Parse(g.upstream)
	return &httputil.ReverseProxy{
		Director: func(req *http.Request) {
			req.URL.Scheme, req.URL.Host = target.Scheme, target.Host
			req.Header.Add("Mcp-Session-Id", g.upstreamS) // want `Mcp-Session-Id added to a request`
		},
	}
}

// rewrite: Rewrite's Out is a copy of In, headers included.
func (g *gateway) rewrite() *httputil.ReverseProxy {
	target, _ := url.Parse(g.upstream)
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.Header.Add("MCP-Protocol-Version", g.upstreamV) // want `Mcp-Protocol-Version added to a request`
		},
	}
}

// The correct neighbours: Set replaces the copied value, Del drops it
// before the Add, a filtered loop never copies it, and a transparent proxy
// that adds nothing forwards the client's own session end to end.
func (g *gateway) cloneThenSet(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	out.Header = r.Header.Clone()
	out.Header.Set("Mcp-Session-Id", g.upstreamS)
	out.Header.Del("Mcp-Protocol-Version")
	out.Header.Add("Mcp-Protocol-Version", g.upstreamV)
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

func (g *gateway) filteredLoop(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	for k, vs := range r.Header {
		if http.CanonicalHeaderKey(k) == "Mcp-Session-Id" {
			continue
		}
		for _, v := range vs {
			out.Header.Add(k, v)
		}
	}
	out.Header.Add("Mcp-Session-Id", g.upstreamS)
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

func (g *gateway) transparent(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	out.Header = r.Header.Clone()
	out.Header.Add("X-Forwarded-For", r.RemoteAddr)
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

// A client building its own request adds its own values: nothing was
// copied into it.
func (g *gateway) own(r *http.Request) {
	r.Header.Add("Mcp-Session-Id", g.upstreamS)
}

// A middleware reworking its own incoming request before the next handler
// forwards nothing upstream itself.
func middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header = r.Header.Clone()
		r.Header.Add("Mcp-Protocol-Version", "2025-06-18")
		next.ServeHTTP(w, r)
	})
}
