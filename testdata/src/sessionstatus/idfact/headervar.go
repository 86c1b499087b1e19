package idfact

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
)

// The header's name held in package variables, as some servers spell it.
var (
	sessionHeader = http.CanonicalHeaderKey("mcp-session-id")
	traceHeader   = "X-Trace-Id"
)

type traced struct{ sessions map[string]bool }

func (t *traced) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(traceHeader) == "" {
		http.Error(w, "no trace", http.StatusNotFound)
		return
	}
	id := r.Header.Get(sessionHeader)
	if id == "" {
		http.Error(w, "no session", http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id`
		return
	}
	if !t.sessions[id] {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// pinner remembers which backend minted a session: the id is the
// upstream's answer's, not one a client chose, so nothing is adopted.
type backend struct{ proxy *httputil.ReverseProxy }

type pinner struct {
	mu      sync.Mutex
	pins    map[string]*backend
	proxies []*backend
}

func newPinner(targets []*url.URL) *pinner {
	p := &pinner{pins: map[string]*backend{}}
	for _, u := range targets {
		p.proxies = append(p.proxies, p.proxyFor(u))
	}
	return p
}

func (p *pinner) proxyFor(u *url.URL) *backend {
	b := &backend{proxy: httputil.NewSingleHostReverseProxy(u)}
	b.proxy.ModifyResponse = func(resp *http.Response) error {
		if sid := resp.Header.Get(sessionHeader); sid != "" && resp.StatusCode < 300 {
			p.mu.Lock()
			if _, seen := p.pins[sid]; !seen {
				p.pins[sid] = b
			}
			p.mu.Unlock()
		}
		return nil
	}
	return b
}

func (p *pinner) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var sid string
	if vals := r.Header[sessionHeader]; len(vals) > 0 {
		sid = vals[0]
	}
	if sid == "" {
		p.proxies[0].proxy.ServeHTTP(w, r)
		return
	}
	p.mu.Lock()
	b, ok := p.pins[sid]
	p.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	b.proxy.ServeHTTP(w, r)
}

// indexed reads the header's values by indexing the map with the
// canonical name the variable holds, as r.Header[...] needs.
type indexed struct{ sessions map[string]bool }

func (x *indexed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	vals := r.Header[sessionHeader]
	if len(vals) == 0 {
		http.Error(w, "no session", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	if !x.sessions[vals[0]] {
		http.Error(w, "unknown session", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
}
