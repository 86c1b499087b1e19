// Package proxypin is a reverse proxy in front of several MCP servers. It
// issues its own session ids to clients and maps each one to the backend
// (and the backend's session id) it was pinned to.
package proxypin

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
)

const hdrSession = "Mcp-Session-Id"

// Backend is one upstream MCP server.
type Backend struct {
	URL   *url.URL
	proxy *httputil.ReverseProxy
}

type link struct {
	clientID   string
	backend    *Backend
	upstreamID string
}

// Proxy pins sessions to backends.
type Proxy struct {
	backends []*Backend
	next     atomic.Uint64

	mu    sync.Mutex
	links map[string]*link
}

func New(urls []*url.URL) *Proxy {
	p := &Proxy{links: make(map[string]*link)}
	for _, u := range urls {
		b := &Backend{URL: u}
		b.proxy = httputil.NewSingleHostReverseProxy(u)
		b.proxy.ModifyResponse = p.rewrite
		p.backends = append(p.backends, b)
	}
	return p
}

func (p *Proxy) pick() *Backend {
	n := p.next.Add(1)
	return p.backends[int(n)%len(p.backends)]
}

func mintID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "px-" + hex.EncodeToString(b[:])
}

// resolve finds the link for the headers of an incoming request. A POST
// without a session is assumed to be an initialize; the backend refuses it
// otherwise.
func (p *Proxy) resolve(method string, h http.Header) (*link, error) {
	sid := h.Get(hdrSession)
	if sid == "" {
		if method == http.MethodPost {
			return &link{clientID: mintID(), backend: p.pick()}, nil
		}
		return nil, &StatusError{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: Mcp-Session-Id header is required"}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	l, ok := p.links[sid]
	if !ok {
		if method == http.MethodDelete {
			return nil, &StatusError{Status: http.StatusNotFound, Code: -32001, Msg: "Session not found"}
		}
		l = &link{clientID: sid, backend: p.pick()}
		p.links[sid] = l
	}
	return l, nil
}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l, err := p.resolve(r.Method, r.Header)
	if err != nil {
		writeError(w, err)
		return
	}
	out := r.Clone(r.Context())
	out.Header.Del(hdrSession)
	if l.upstreamID != "" {
		out.Header.Set(hdrSession, l.upstreamID)
	}
	out.Header.Set("X-Proxy-Session", l.clientID)
	if r.Method == http.MethodDelete {
		p.mu.Lock()
		delete(p.links, l.clientID)
		p.mu.Unlock()
	}
	l.backend.proxy.ServeHTTP(w, out)
}

// rewrite swaps the backend's session id for ours on the way back.
func (p *Proxy) rewrite(resp *http.Response) error {
	clientID := resp.Request.Header.Get("X-Proxy-Session")
	if up := resp.Header.Get(hdrSession); up != "" {
		p.mu.Lock()
		l, ok := p.links[clientID]
		if !ok {
			l = &link{clientID: clientID}
			p.links[clientID] = l
		}
		l.upstreamID = up
		for _, b := range p.backends {
			if b.URL.Host == resp.Request.URL.Host {
				l.backend = b
			}
		}
		p.mu.Unlock()
		resp.Header.Set(hdrSession, clientID)
	}
	if resp.StatusCode == http.StatusNotFound && resp.Request.Header.Get(hdrSession) != "" {
		p.mu.Lock()
		delete(p.links, clientID)
		p.mu.Unlock()
		resp.StatusCode = http.StatusBadGateway
		resp.Status = "502 Bad Gateway"
	}
	return nil
}
