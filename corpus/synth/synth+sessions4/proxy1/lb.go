// Package proxy1 is a sticky load balancer in front of a pool of MCP servers.
// Each backend issues its own session ids; the balancer only remembers which
// backend issued which id so follow-up requests land on the same process.
package proxy1

import (
	"encoding/json"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
)

type Balancer struct {
	backends []*url.URL
	proxies  []*httputil.ReverseProxy
	next     atomic.Uint64

	mu       sync.RWMutex
	affinity map[string]int // upstream session id -> backend index
}

func New(targets []string) (*Balancer, error) {
	b := &Balancer{affinity: map[string]int{}}
	for i, t := range targets {
		u, err := url.Parse(t)
		if err != nil {
			return nil, err
		}
		b.backends = append(b.backends, u)
		idx := i
		b.proxies = append(b.proxies, &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(u)
				pr.SetXForwarded()
				pr.Out.Host = u.Host
			},
			ModifyResponse: func(resp *http.Response) error {
				if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
					b.mu.Lock()
					b.affinity[sid] = idx
					b.mu.Unlock()
				}
				return nil
			},
			FlushInterval: -1,
		})
	}
	return b, nil
}

func (b *Balancer) pick() int {
	return int(b.next.Add(1) % uint64(len(b.backends)))
}

func (b *Balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		// initialize (or a request the backend will reject): any backend will do
		b.proxies[b.pick()].ServeHTTP(w, r)
		return
	}
	b.mu.RLock()
	idx, ok := b.affinity[sid]
	b.mu.RUnlock()
	if !ok {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32001, "message": "Session not found"}})
		return
	}
	if r.Method == http.MethodDelete {
		defer func() {
			b.mu.Lock()
			delete(b.affinity, sid)
			b.mu.Unlock()
		}()
	}
	b.proxies[idx].ServeHTTP(w, r)
}
