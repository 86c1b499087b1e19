package sessionstore

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// countingStore counts the calls that reach the store.
type countingStore struct {
	Store
	puts, refreshes atomic.Int32
}

func (c *countingStore) Put(ctx context.Context, id string, rec Record, ttl time.Duration) error {
	c.puts.Add(1)
	return c.Store.Put(ctx, id, rec, ttl)
}

func (c *countingStore) Refresh(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	c.refreshes.Add(1)
	return c.Store.Refresh(ctx, id, ttl)
}

// A session in use costs the store one refresh per quarter of the ttl, not
// one per request, also under concurrent requests; a record gone missing is
// written again from the transport's state.
func TestKeeperTouchThrottles(t *testing.T) {
	store := &countingStore{Store: NewMemory(0)}
	k := NewKeeper(store, "n1", time.Hour, nil)
	var l Link
	state := mcp.ServerSessionState{InitializeParams: &mcp.InitializeParams{ProtocolVersion: "2025-11-25"}, LogLevel: "info"}
	current := func() (mcp.ServerSessionState, bool) { return state, true }

	k.Touch(&l, "n1.A", current) // before Save: nothing to refresh
	k.Save(&l, "n1.A", state)
	touchMany := func() {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 500 {
					k.Touch(&l, "n1.A", current)
				}
			})
		}
		wg.Wait()
	}
	touchMany()
	if p, r := store.puts.Load(), store.refreshes.Load(); p != 1 || r != 0 {
		t.Fatalf("after 4000 requests within the first quarter: %d puts, %d refreshes; want 1, 0", p, r)
	}
	// A quarter of the ttl later.
	l.written.Store(time.Now().Add(-16 * time.Minute).UnixNano())
	touchMany()
	if r := store.refreshes.Load(); r != 1 {
		t.Fatalf("after 4000 requests past the first quarter: %d refreshes, want 1", r)
	}
	// The record expired (or another node forgot it): written again.
	store.Delete(context.Background(), "n1.A")
	l.written.Store(time.Now().Add(-16 * time.Minute).UnixNano())
	k.Touch(&l, "n1.A", current)
	rec, ok, err := store.Get(context.Background(), "n1.A")
	if !ok || err != nil || rec.State.LogLevel != "info" || rec.Node != "n1" || store.puts.Load() != 2 {
		t.Fatalf("record after a refresh found it missing: %+v, %v, %v (%d puts)", rec, ok, err, store.puts.Load())
	}
	k.Forget("n1.A")
	if _, ok, _ := k.Load(context.Background(), "n1.A"); ok {
		t.Fatal("Forget left the record")
	}
}
