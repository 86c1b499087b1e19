package sessionstore

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Expired records that are never read again do not pile up: a Put sweeps
// them once the map has grown.
func TestMemorySweepsExpired(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1000, 0)
	m := NewMemory(0)
	m.now = func() time.Time { return now }
	rec := Record{State: mcp.ServerSessionState{InitializeParams: &mcp.InitializeParams{}}}
	for i := range 1000 {
		if err := m.Put(ctx, fmt.Sprint("n1.", i), rec, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(2 * time.Second)
	// The sweeps so far left the threshold at 1024: the 24th new record
	// reaches it.
	for i := range 30 {
		m.Put(ctx, fmt.Sprint("n2.", i), rec, time.Second)
	}
	if n := m.Len(); n > 30 {
		t.Fatalf("%d records held after 1000 expired, want the 30 live ones at most", n)
	}
}
