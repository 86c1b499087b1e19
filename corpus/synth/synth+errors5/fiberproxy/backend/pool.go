// Package backend holds the MCP servers the proxy can send traffic to and
// tracks which of them pass health checks.
package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

var ErrNoHealthy = errors.New("backend: no healthy upstream")

type Upstream struct {
	Name    string
	URL     string
	healthy bool
}

type Response struct {
	Status  int
	Headers map[string]string
	Body    []byte
}

type Pool struct {
	mu   sync.RWMutex
	ups  []*Upstream
	rr   int
	http *http.Client
}

func NewPool(urls map[string]string) *Pool {
	p := &Pool{http: &http.Client{Timeout: 30 * time.Second}}
	for name, u := range urls {
		p.ups = append(p.ups, &Upstream{Name: name, URL: u, healthy: true})
	}
	return p
}

func (p *Pool) SetHealthy(name string, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, u := range p.ups {
		if u.Name == name {
			u.healthy = ok
		}
	}
}

// Pick returns the next healthy upstream in round-robin order.
func (p *Pool) Pick() (*Upstream, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := 0; i < len(p.ups); i++ {
		p.rr = (p.rr + 1) % len(p.ups)
		if u := p.ups[p.rr]; u.healthy {
			return u, nil
		}
	}
	return nil, ErrNoHealthy
}

var forwarded = []string{"Content-Type", "Accept", "Mcp-Session-Id", "Mcp-Protocol-Version", "Last-Event-Id"}

func (p *Pool) Forward(ctx context.Context, u *Upstream, method string, hdr func(string) string, body []byte) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, u.URL, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for _, h := range forwarded {
		if v := hdr(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("backend %s: %w", u.Name, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("backend %s: reading: %w", u.Name, err)
	}
	out := &Response{Status: resp.StatusCode, Headers: map[string]string{}, Body: b}
	for _, h := range []string{"Content-Type", "Mcp-Session-Id"} {
		if v := resp.Header.Get(h); v != "" {
			out.Headers[h] = v
		}
	}
	return out, nil
}
