// Package hdrproxy is a small MCP gateway: it picks an upstream on initialize
// and pins every later request of the session to it.
package hdrproxy

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"

	"github.com/google/uuid"
)

const mcpSessionHeader = "Mcp-Session-Id"

type Gateway struct {
	mu       sync.RWMutex
	pins     map[string]*url.URL
	pool     []*url.URL
	rr       int
	maxBytes int64
}

func NewGateway(upstreams []*url.URL) *Gateway {
	return &Gateway{pins: make(map[string]*url.URL), pool: upstreams, maxBytes: 4 << 20}
}

func (g *Gateway) nextUpstream() *url.URL {
	g.mu.Lock()
	defer g.mu.Unlock()
	u := g.pool[g.rr%len(g.pool)]
	g.rr++
	return u
}

func peekMethod(body []byte) string {
	var m struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(body, &m)
	return m.Method
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, g.maxBytes))
	if err != nil {
		gatewayError(w, http.StatusRequestEntityTooLarge, -32000, "request body too large")
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))

	sid := r.Header.Get(mcpSessionHeader)
	if r.Method == http.MethodPost && peekMethod(body) == "initialize" {
		if sid == "" {
			sid = uuid.NewString()
		}
		target := g.nextUpstream()
		g.mu.Lock()
		g.pins[sid] = target
		g.mu.Unlock()
		w.Header().Set(mcpSessionHeader, sid)
		g.proxyTo(target, w, r)
		return
	}

	status, msg := 0, ""
	g.mu.RLock()
	target, pinned := g.pins[sid]
	g.mu.RUnlock()
	if sid == "" {
		status, msg = http.StatusBadRequest, "missing Mcp-Session-Id"
	} else if !pinned {
		status, msg = http.StatusBadRequest, "unknown Mcp-Session-Id"
	}
	if status != 0 {
		gatewayError(w, status, -32600, msg)
		return
	}

	if r.Method == http.MethodDelete {
		g.mu.Lock()
		delete(g.pins, sid)
		g.mu.Unlock()
	}
	g.proxyTo(target, w, r)
}

func (g *Gateway) proxyTo(target *url.URL, w http.ResponseWriter, r *http.Request) {
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	rp.ServeHTTP(w, r)
}

func gatewayError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   any    `json:"error"`
	}{"2.0", nil, map[string]any{"code": code, "message": msg}})
}
