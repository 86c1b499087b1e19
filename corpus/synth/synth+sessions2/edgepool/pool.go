// Package edgepool decides which upstream MCP server an edge request goes
// to. The edge proxy hands us the request line and headers only; it writes
// whatever status we return.
package edgepool

import (
	"net/http"
	"sync"
)

type reason int

const (
	reasonNone reason = iota
	reasonNoSession
	reasonUnknownSession
	reasonDraining
)

// refusal maps a routing failure to the status the edge answers with.
var refusal = map[reason]int{
	reasonNoSession:      http.StatusBadRequest,
	reasonUnknownSession: http.StatusBadRequest,
	reasonDraining:       http.StatusServiceUnavailable,
}

type Upstream struct {
	Addr     string
	draining bool
}

type Pool struct {
	mu        sync.RWMutex
	upstreams []*Upstream
	affinity  map[string]*Upstream
	next      int
}

func NewPool(addrs ...string) *Pool {
	p := &Pool{affinity: make(map[string]*Upstream)}
	for _, a := range addrs {
		p.upstreams = append(p.upstreams, &Upstream{Addr: a})
	}
	return p
}

// Decision is what the edge acts on: forward to Upstream, or answer Status
// itself.
type Decision struct {
	Upstream *Upstream
	Status   int
	Done     bool // the edge answers Status with no upstream call
}

// Route picks an upstream for a request. isInitialize is set by the edge's
// body sniffer for POSTs whose single message is initialize.
func (p *Pool) Route(method string, hdr http.Header, isInitialize bool) Decision {
	sid := hdr.Get("Mcp-Session-Id")
	if sid == "" {
		if method == http.MethodPost && isInitialize {
			return Decision{Upstream: p.roundRobin()}
		}
		return Decision{Status: refusal[reasonNoSession], Done: true}
	}

	p.mu.RLock()
	up, ok := p.affinity[sid]
	p.mu.RUnlock()

	if method == http.MethodDelete {
		if !ok {
			return Decision{Status: http.StatusOK, Done: true}
		}
		p.mu.Lock()
		delete(p.affinity, sid)
		p.mu.Unlock()
		return Decision{Upstream: up}
	}

	if !ok {
		return Decision{Status: refusal[reasonUnknownSession], Done: true}
	}
	if up.draining {
		return Decision{Status: refusal[reasonDraining], Done: true}
	}
	return Decision{Upstream: up}
}

// Observe records the session id an upstream minted in an initialize reply.
func (p *Pool) Observe(up *Upstream, status int, respHdr http.Header) {
	sid := respHdr.Get("Mcp-Session-Id")
	if sid == "" || status >= 300 {
		return
	}
	p.mu.Lock()
	p.affinity[sid] = up
	p.mu.Unlock()
}

func (p *Pool) roundRobin() *Upstream {
	p.mu.Lock()
	defer p.mu.Unlock()
	for range p.upstreams {
		up := p.upstreams[p.next%len(p.upstreams)]
		p.next++
		if !up.draining {
			return up
		}
	}
	return p.upstreams[0]
}

// Drain stops new sessions on addr; existing ones are refused with 503 so
// clients back off and retry against the replacement.
func (p *Pool) Drain(addr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, up := range p.upstreams {
		if up.Addr == addr {
			up.draining = true
		}
	}
}
