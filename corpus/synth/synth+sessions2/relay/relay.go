// Package relay fronts a pool of MCP Streamable HTTP servers and pins every
// session to the backend that minted it, so follow-up requests, the GET
// stream and the closing DELETE all reach the same process.
package relay

import (
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
)

var sessionHeader = http.CanonicalHeaderKey("mcp-session-id")

// Backend is one upstream MCP server.
type Backend struct {
	Name  string
	URL   *url.URL
	proxy *httputil.ReverseProxy
}

// Relay routes by session pin, round-robin for new handshakes.
type Relay struct {
	mu       sync.RWMutex
	pins     map[string]*Backend
	backends []*Backend
	rr       atomic.Uint64
	log      *slog.Logger
}

// New builds a relay over the given upstream URLs.
func New(log *slog.Logger, upstreams map[string]string) (*Relay, error) {
	rl := &Relay{pins: make(map[string]*Backend), log: log}
	for name, raw := range upstreams {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, err
		}
		b := &Backend{Name: name, URL: u}
		b.proxy = rl.newProxy(b)
		rl.backends = append(rl.backends, b)
	}
	return rl, nil
}

func (rl *Relay) newProxy(b *Backend) *httputil.ReverseProxy {
	p := httputil.NewSingleHostReverseProxy(b.URL)
	p.FlushInterval = -1 // event streams must not be buffered
	p.ModifyResponse = func(resp *http.Response) error {
		if sid := resp.Header.Get(sessionHeader); sid != "" && resp.StatusCode < 300 {
			rl.mu.Lock()
			if _, seen := rl.pins[sid]; !seen {
				rl.pins[sid] = b
				rl.log.Info("session pinned", "session", sid, "backend", b.Name)
			}
			rl.mu.Unlock()
		}
		return nil
	}
	return p
}

func (rl *Relay) pick() *Backend {
	n := rl.rr.Add(1)
	return rl.backends[int(n%uint64(len(rl.backends)))]
}

func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var sid string
	if vals := r.Header[sessionHeader]; len(vals) > 0 {
		sid = vals[0]
	}

	if sid == "" {
		method, err := peekMethod(r)
		if err != nil {
			http.Error(w, "could not read request body", http.StatusBadRequest)
			return
		}
		if r.Method != http.MethodPost || method != "initialize" {
			http.Error(w, "Bad Request: Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
		rl.pick().proxy.ServeHTTP(w, r)
		return
	}

	rl.mu.RLock()
	b, ok := rl.pins[sid]
	rl.mu.RUnlock()
	if !ok {
		http.Error(w, "invalid session", http.StatusBadRequest)
		return
	}

	if r.Method == http.MethodDelete {
		rl.mu.Lock()
		delete(rl.pins, sid)
		rl.mu.Unlock()
	}
	b.proxy.ServeHTTP(w, r)
}
