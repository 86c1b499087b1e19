package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
)

// runOwnership tests the principal check and the fencing of writes: after
// a claim, the node that held the session before can neither overwrite,
// refresh nor delete the record, and concurrent claims each get an epoch
// of their own.
func runOwnership(t *testing.T, newStore func(t *testing.T) sessionstore.Store) {
	ctx := context.Background()
	t.Run("Claim", func(t *testing.T) {
		s := newStore(t)
		if _, ok, err := s.Claim(ctx, "n1.A", "n2", "user-1", time.Minute); ok || err != nil {
			t.Fatalf("Claim of a missing id: ok %v, err %v", ok, err)
		}
		held := Record(1)
		if err := s.Put(ctx, "n1.A", held, time.Minute); err != nil {
			t.Fatal(err)
		}
		// Another principal: refused, nothing changed.
		for _, p := range []string{"user-2", ""} {
			if _, _, err := s.Claim(ctx, "n1.A", "n2", p, time.Minute); !errors.Is(err, sessionstore.ErrForbidden) {
				t.Fatalf("Claim as %q: %v, want ErrForbidden", p, err)
			}
		}
		if got, _, _ := s.Get(ctx, "n1.A"); Equal(got, held) != "" {
			t.Fatalf("a refused claim changed the record: %s", Equal(got, held))
		}
		claimed, ok, err := s.Claim(ctx, "n1.A", "n2", "user-1", time.Minute)
		want := held
		want.Node, want.Epoch = "n2", 2
		if !ok || err != nil || Equal(claimed, want) != "" {
			t.Fatalf("Claim: ok %v, err %v, %s", ok, err, Equal(claimed, want))
		}
		if got, _, _ := s.Get(ctx, "n1.A"); Equal(got, want) != "" {
			t.Fatalf("record after Claim: %s", Equal(got, want))
		}

		// The node that lost it: every write refused, the record intact.
		stale := Record(9)
		stale.Principal = "user-1"
		if err := s.Put(ctx, "n1.A", stale, time.Minute); !errors.Is(err, sessionstore.ErrNotHolder) {
			t.Errorf("Put by the old holder: %v, want ErrNotHolder", err)
		}
		if _, err := s.Refresh(ctx, "n1.A", 1, time.Minute); !errors.Is(err, sessionstore.ErrNotHolder) {
			t.Errorf("Refresh by the old holder: %v, want ErrNotHolder", err)
		}
		if err := s.Delete(ctx, "n1.A", 1); !errors.Is(err, sessionstore.ErrNotHolder) {
			t.Errorf("Delete by the old holder: %v, want ErrNotHolder", err)
		}
		if got, ok, _ := s.Get(ctx, "n1.A"); !ok || Equal(got, want) != "" {
			t.Fatalf("record after the old holder's writes: ok %v, %s", ok, Equal(got, want))
		}

		// The new holder writes under its epoch.
		next := want
		next.State.LogLevel = "debug"
		if err := s.Put(ctx, "n1.A", next, time.Minute); err != nil {
			t.Fatalf("Put by the holder: %v", err)
		}
		if ok, err := s.Refresh(ctx, "n1.A", 2, time.Minute); !ok || err != nil {
			t.Fatalf("Refresh by the holder: ok %v, err %v", ok, err)
		}
		if err := s.Delete(ctx, "n1.A", 2); err != nil {
			t.Fatalf("Delete by the holder: %v", err)
		}
		if _, ok, _ := s.Get(ctx, "n1.A"); ok {
			t.Fatal("record left after the holder's Delete")
		}
	})
	t.Run("ConcurrentClaims", func(t *testing.T) {
		s := newStore(t)
		if err := s.Put(ctx, "n1.A", Record(1), time.Minute); err != nil {
			t.Fatal(err)
		}
		const n = 16
		epochs := make(chan uint64, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				rec, ok, err := s.Claim(ctx, "n1.A", fmt.Sprintf("n%d", i+2), "user-1", time.Minute)
				if !ok || err != nil {
					t.Errorf("Claim: ok %v, err %v", ok, err)
					return
				}
				epochs <- rec.Epoch
			})
		}
		wg.Wait()
		close(epochs)
		seen := map[uint64]bool{}
		for e := range epochs {
			if seen[e] || e < 2 || e > n+1 {
				t.Errorf("epoch %d handed out twice or out of 2..%d", e, n+1)
			}
			seen[e] = true
		}
		got, _, _ := s.Get(ctx, "n1.A")
		if got.Epoch != n+1 {
			t.Errorf("final epoch %d, want %d", got.Epoch, n+1)
		}
		// Only the last claimer may write.
		for e := uint64(1); e <= n; e++ {
			if _, err := s.Refresh(ctx, "n1.A", e, time.Minute); !errors.Is(err, sessionstore.ErrNotHolder) {
				t.Fatalf("Refresh under superseded epoch %d: %v", e, err)
			}
		}
	})
}

// RawPut writes body as the stored body of the record under id, with the
// principal and epoch beside it, bypassing Encode: what another program
// sharing the store, an older build or a corruption leaves there.
type RawPut func(t *testing.T, id string, body []byte, principal string, epoch uint64)

// RunBadRecords tests that a record the store holds but no node can read —
// garbled, oversized, of another format version — is an error wrapping
// sessionstore.ErrFormat from Get and Claim, never a panic or a record.
func RunBadRecords(t *testing.T, newStore func(t *testing.T) (sessionstore.Store, RawPut)) {
	ctx := context.Background()
	bad := map[string][]byte{
		"garbled":   []byte(`{"v":1,"state":{"initializeParams":`),
		"not json":  []byte("\x00\xff garbage"),
		"version 2": []byte(`{"v":2,"state":{"initializeParams":{}}}`),
		"no params": []byte(`{"v":1,"state":{}}`),
		"oversized": []byte(`{"v":1,"state":{"initializeParams":{"clientInfo":{"name":"` + strings.Repeat("x", sessionstore.MaxRecordBytes) + `"}}}}`),
		"empty":     {},
	}
	for name, body := range bad {
		t.Run(name, func(t *testing.T) {
			s, raw := newStore(t)
			raw(t, "n1.BAD", body, "user-1", 1)
			if _, ok, err := s.Get(ctx, "n1.BAD"); ok || !errors.Is(err, sessionstore.ErrFormat) {
				t.Errorf("Get: ok %v, err %v; want ErrFormat", ok, err)
			}
			if _, ok, err := s.Claim(ctx, "n1.BAD", "n2", "user-1", time.Minute); ok || !errors.Is(err, sessionstore.ErrFormat) {
				t.Errorf("Claim: ok %v, err %v; want ErrFormat", ok, err)
			}
			// Another principal's bad record is refused for the principal first.
			if _, _, err := s.Claim(ctx, "n1.BAD", "n2", "user-2", time.Minute); !errors.Is(err, sessionstore.ErrForbidden) {
				t.Errorf("Claim as another principal: %v, want ErrForbidden", err)
			}
		})
	}
}
