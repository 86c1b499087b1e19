package srv4

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// MemStore is the single-replica SessionStore used in development.
type MemStore struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

func NewMemStore() *MemStore { return &MemStore{seen: map[string]time.Time{}} }

func (m *MemStore) Touch(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("touch %s: %w", id, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[id]; !ok {
		return fmt.Errorf("touch %s: %w", id, errNoSession)
	}
	m.seen[id] = time.Now()
	return nil
}

func (m *MemStore) Add(id string) {
	m.mu.Lock()
	m.seen[id] = time.Now()
	m.mu.Unlock()
}
