package sessionstore

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var keptState = mcp.ServerSessionState{InitializeParams: &mcp.InitializeParams{ProtocolVersion: "2025-11-25"}, LogLevel: "info"}

func current() (mcp.ServerSessionState, bool) { return keptState, true }

// Every request checks the holder and extends the record; a record gone
// missing (expired) is written again from the transport's state.
func TestKeeperTouch(t *testing.T) {
	ctx := context.Background()
	store := NewMemory(0)
	k := NewKeeper(store, "n1", time.Hour, nil)
	var l Link
	l.Own("alice")
	if !k.Touch(&l, "n1.A", current) {
		t.Fatal("Touch before Save: not held")
	}
	k.Save(&l, "n1.A", keptState)
	rec, ok, err := store.Get(ctx, "n1.A")
	if !ok || err != nil || rec.Principal != "alice" || rec.Node != "n1" || rec.Epoch != 1 {
		t.Fatalf("saved record %+v, %v, %v", rec, ok, err)
	}
	store.Delete(ctx, "n1.A", 1)
	if !k.Touch(&l, "n1.A", current) {
		t.Fatal("Touch of an expired record: not held")
	}
	if rec, ok, _ := store.Get(ctx, "n1.A"); !ok || rec.State.LogLevel != "info" || rec.Epoch != 1 {
		t.Fatalf("record after Touch found it missing: %+v %v", rec, ok)
	}
	k.Forget(&l, "n1.A")
	if _, ok, _ := store.Get(ctx, "n1.A"); ok {
		t.Fatal("Forget left the record")
	}
}

// One owner per session: once n2 claims the session, n1's copy learns it at
// its next request and none of n1's writes — a state change, a refresh,
// the idle expiry's Forget — reach the record n2 holds.
func TestKeeperLosesToClaim(t *testing.T) {
	ctx := context.Background()
	store := NewMemory(0)
	k1 := NewKeeper(store, "n1", time.Hour, nil)
	k2 := NewKeeper(store, "n2", time.Hour, nil)
	var l1, l2 Link
	l1.Own("alice")
	k1.Save(&l1, "n1.A", keptState)

	if _, _, err := k2.Claim(ctx, &l2, "n1.A", "bob"); !errors.Is(err, ErrForbidden) {
		t.Fatalf("Claim as another principal: %v, want ErrForbidden", err)
	}
	rec, ok, err := k2.Claim(ctx, &l2, "n1.A", "alice")
	if !ok || err != nil || rec.Epoch != 2 || rec.Node != "n2" || rec.Principal != "alice" {
		t.Fatalf("Claim: %+v %v %v", rec, ok, err)
	}
	if k1.Touch(&l1, "n1.A", current) || !l1.Lost() {
		t.Fatal("the old holder's Touch did not see the claim")
	}
	changed := keptState
	changed.LogLevel = "error"
	k1.Save(&l1, "n1.A", changed)
	k1.Forget(&l1, "n1.A")
	got, ok, _ := store.Get(ctx, "n1.A")
	if !ok || got.Epoch != 2 || got.Node != "n2" || got.State.LogLevel != "info" {
		t.Fatalf("record after the old holder's writes: %+v, %v", got, ok)
	}
	if !k2.Touch(&l2, "n1.A", current) {
		t.Fatal("the holder's Touch: not held")
	}
	k2.Forget(&l2, "n1.A")
	if _, ok, _ := store.Get(ctx, "n1.A"); ok {
		t.Fatal("the holder's Forget left the record")
	}
}

// stuckStore answers no call until the caller gives up.
type stuckStore struct{ Store }

func (stuckStore) Refresh(ctx context.Context, _ string, _ uint64, _ time.Duration) (bool, error) {
	<-ctx.Done()
	return false, ctx.Err()
}

func (stuckStore) Claim(ctx context.Context, _, _, _ string, _ time.Duration) (Record, bool, error) {
	<-ctx.Done()
	return Record{}, false, ctx.Err()
}

// Every store call is bounded: a store that does not answer delays a
// request by DefaultCallTimeout, and the session goes on here.
func TestKeeperBoundsCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		k := NewKeeper(stuckStore{NewMemory(0)}, "n1", time.Hour, nil)
		var l Link
		l.epoch.Store(1)
		start := time.Now()
		if !k.Touch(&l, "n1.A", current) {
			t.Error("a store that does not answer lost the session")
		}
		if d := time.Since(start); d != DefaultCallTimeout {
			t.Errorf("Touch took %v, want %v", d, DefaultCallTimeout)
		}
		// The store rests for StoreBackoff: the next request does not wait.
		start = time.Now()
		k.Touch(&l, "n1.A", current)
		if d := time.Since(start); d != 0 {
			t.Errorf("Touch right after a failure took %v, want no wait", d)
		}
		time.Sleep(StoreBackoff)
		start = time.Now()
		k.Touch(&l, "n1.A", current)
		if d := time.Since(start); d != DefaultCallTimeout {
			t.Errorf("Touch after the backoff took %v, want another try (%v)", d, DefaultCallTimeout)
		}
		start = time.Now()
		if _, _, err := k.Claim(context.Background(), &l, "n1.B", ""); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Claim: %v, want the deadline", err)
		}
		if d := time.Since(start); d != DefaultCallTimeout {
			t.Errorf("Claim took %v, want %v", d, DefaultCallTimeout)
		}
	})
}
