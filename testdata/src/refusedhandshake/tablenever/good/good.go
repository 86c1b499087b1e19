// Package good registers on every initialize and removes the entry when
// the session ends.
package good

import (
	"context"
	"crypto/rand"
	"sync"
)

type ClientInfo struct {
	Name string `json:"name"`
}

type InitParams struct {
	ProtocolVersion string     `json:"protocolVersion"`
	ClientInfo      ClientInfo `json:"clientInfo"`
}

type Engine struct {
	mu    sync.Mutex
	peers map[string]*InitParams
	// seen counts requests by tool name, not sessions.
	seen map[string]int
}

func (e *Engine) Initialize(ctx context.Context, p *InitParams) (string, error) { // want Initialize:`freshRegistrar\(peers\)`
	id := rand.Text()
	e.mu.Lock()
	e.peers[id] = p
	e.seen["initialize"]++
	e.mu.Unlock()
	return id, nil
}

func (e *Engine) End(id string) { // want End:`tableRemover\(peers\)`
	e.mu.Lock()
	delete(e.peers, id)
	e.mu.Unlock()
}
