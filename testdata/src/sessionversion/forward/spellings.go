package forward

import (
	"maps"
	"net/http"
	"net/url"
)

// Other spellings of the wholesale copy: maps.Copy into the outgoing
// request's headers, the incoming request cloned and sent upstream, and an
// Add spelled as an append to the header's values.

func (g *gateway) mapsCopyThenAdd(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	maps.Copy(out.Header, r.Header)
	out.Header.Add("Mcp-Session-Id", g.upstreamS) // want `Mcp-Session-Id added to a request that already carries the incoming request's Mcp-Session-Id`
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

func (g *gateway) cloneRequestThenAdd(w http.ResponseWriter, r *http.Request) {
	target, _ := url.Parse(g.upstream)
	out := r.Clone(r.Context())
	out.URL, out.RequestURI = target, ""
	out.Header.Add("MCP-Protocol-Version", g.upstreamV) // want `Mcp-Protocol-Version added to a request that already carries`
	if resp, err := g.hc.Transport.RoundTrip(out); err == nil {
		resp.Body.Close()
	}
}

func (g *gateway) appendValue(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	out.Header = r.Header.Clone()
	out.Header["Mcp-Session-Id"] = append(out.Header["Mcp-Session-Id"], g.upstreamS) // want `Mcp-Session-Id added to a request that already carries`
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

// The correct neighbours: the copied value replaced by an index
// assignment, a maps.Copy followed by Set, and a clone handed to the next
// handler of this server rather than sent upstream.
func (g *gateway) mapsCopyThenSet(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequestWithContext(r.Context(), r.Method, g.upstream, r.Body)
	maps.Copy(out.Header, r.Header)
	out.Header.Set("Mcp-Session-Id", g.upstreamS)
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

func (g *gateway) cloneThenReplace(w http.ResponseWriter, r *http.Request) {
	out := r.Clone(r.Context())
	out.Header["Mcp-Session-Id"] = []string{g.upstreamS}
	out.Header.Add("Mcp-Session-Id", "never reached twice")
	if resp, err := g.hc.Do(out); err == nil {
		resp.Body.Close()
	}
}

func wrap(next http.Handler, version string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		r2.Header.Add("Mcp-Protocol-Version", version)
		next.ServeHTTP(w, r2)
	})
}
