// Package fiberhub is the HTTP face of a notification hub: MCP clients POST
// JSON-RPC to /mcp and the hub fans tool results out to subscribers.
package fiberhub

import (
	"context"
	"sync"
)

// Broker publishes an event to every subscriber of a session.
type Broker interface {
	Publish(ctx context.Context, session string, payload []byte) error
}

type memBroker struct {
	mu   sync.Mutex
	subs map[string][]chan []byte
}

func NewMemBroker() Broker { return &memBroker{subs: map[string][]chan []byte{}} }

func (b *memBroker) Subscribe(session string) <-chan []byte {
	ch := make(chan []byte, 16)
	b.mu.Lock()
	b.subs[session] = append(b.subs[session], ch)
	b.mu.Unlock()
	return ch
}

func (b *memBroker) Publish(ctx context.Context, session string, payload []byte) error {
	b.mu.Lock()
	subs := append([]chan []byte(nil), b.subs[session]...)
	b.mu.Unlock()
	for _, ch := range subs {
		select {
		case ch <- payload:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
