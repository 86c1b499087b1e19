// Package backends keeps one started backend per session id, for a proxy
// whose handlers live in another package.
package backends

import (
	"os/exec"
	"sync"
)

type Backend struct {
	cmd *exec.Cmd
}

type Pool struct {
	mu    sync.Mutex
	bySes map[string]*Backend
}

// Acquire returns the backend of id, starting and keeping one on first use.
func (p *Pool) Acquire(id, command string) (*Backend, error) { // want Acquire:`paramRegistrar\(bySes\)`
	p.mu.Lock()
	defer p.mu.Unlock()
	if b, ok := p.bySes[id]; ok {
		return b, nil
	}
	b := &Backend{cmd: exec.Command(command)}
	if err := b.cmd.Start(); err != nil {
		return nil, err
	}
	p.bySes[id] = b
	return b, nil
}

// Release stops and forgets the backend of id.
func (p *Pool) Release(id string) { // want Release:`tableRemover\(bySes\)`
	p.mu.Lock()
	defer p.mu.Unlock()
	if b, ok := p.bySes[id]; ok {
		b.cmd.Process.Kill()
		delete(p.bySes, id)
	}
}
