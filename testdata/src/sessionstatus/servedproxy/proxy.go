// Package servedproxy: a gateway that does not own sessions. It passes the
// client's Mcp-Session-Id to the upstream that minted it and relays the
// upstream's answer, 404 included; its table only routes an id to the
// backend that answered it. Silent.
package servedproxy

import (
	"io"
	"net/http"
	"sync"
)

type route struct{ backend string }

type proxy struct {
	mu     sync.Mutex
	routes map[string]*route
	client *http.Client
}

func (p *proxy) forward(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	backend := "http://default"
	p.mu.Lock()
	if rt, ok := p.routes[id]; ok {
		backend = rt.backend
	}
	p.mu.Unlock()
	req, err := http.NewRequestWithContext(r.Context(), r.Method, backend, r.Body)
	if err != nil {
		http.Error(w, "bad upstream", http.StatusInternalServerError)
		return
	}
	if id != "" {
		req.Header.Set("Mcp-Session-Id", id)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		http.Error(w, "upstream failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if sid != "" {
		p.mu.Lock()
		p.routes[sid] = &route{backend: backend}
		p.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
	}
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, resp.Body)
}
