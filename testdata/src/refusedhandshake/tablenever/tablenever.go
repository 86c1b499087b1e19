// Package tablenever registers a session on every initialize in a map that
// nothing ever shrinks: no delete, no reset, no expiry. The handler of the
// initialize is known by its parameters' shape (protocolVersion and
// clientInfo), wherever the method dispatch that calls it lives.
package tablenever

import (
	"context"
	"crypto/rand"
	"sync"
)

type ClientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type InitParams struct {
	ProtocolVersion string     `json:"protocolVersion"`
	ClientInfo      ClientInfo `json:"clientInfo"`
}

type InitResult struct {
	ProtocolVersion string `json:"protocolVersion"`
}

type peer struct {
	id     string
	params *InitParams
}

type Engine struct {
	mu    sync.Mutex
	peers map[string]*peer
}

func NewEngine() *Engine {
	return &Engine{peers: make(map[string]*peer)}
}

func (e *Engine) Initialize(ctx context.Context, p *InitParams) (*InitResult, error) {
	id := rand.Text()
	e.mu.Lock()
	e.peers[id] = &peer{id: id, params: p} // want `every initialize registers a session in peers under a fresh id and nothing in the package ever removes an entry of it`
	e.mu.Unlock()
	return &InitResult{ProtocolVersion: p.ProtocolVersion}, nil
}

func (e *Engine) Lookup(id string) (*peer, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	p, ok := e.peers[id]
	return p, ok
}
