// Package storetest is the behaviour every sessionstore.Store must have,
// as tests an implementation's own test runs against a real instance.
package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Record returns a record with every field set, distinct per n.
func Record(n int) sessionstore.Record {
	return sessionstore.Record{
		State: mcp.ServerSessionState{
			InitializeParams: &mcp.InitializeParams{
				ProtocolVersion: "2025-11-25",
				ClientInfo:      &mcp.Implementation{Name: fmt.Sprintf("client-%d", n), Version: "1.0"},
				Capabilities:    &mcp.ClientCapabilities{Sampling: &mcp.SamplingCapabilities{}},
			},
			InitializedParams:         &mcp.InitializedParams{},
			NegotiatedProtocolVersion: "2025-11-25",
			LogLevel:                  "warning",
		},
		Principal: fmt.Sprintf("user-%d", n),
		Node:      "n1",
		Epoch:     1,
		Data:      []byte(fmt.Sprintf(`{"note":"session %d"}`, n)),
	}
}

// Equal reports how got differs from want, or "" when they match in every
// field Record sets.
func Equal(got, want sessionstore.Record) string {
	g, w := got.State, want.State
	switch {
	case g.InitializeParams == nil || g.InitializeParams.ClientInfo == nil:
		return "initialize params or client info lost"
	case g.InitializeParams.ClientInfo.Name != w.InitializeParams.ClientInfo.Name:
		return fmt.Sprintf("client %q, want %q", g.InitializeParams.ClientInfo.Name, w.InitializeParams.ClientInfo.Name)
	case g.InitializeParams.ProtocolVersion != w.InitializeParams.ProtocolVersion:
		return "requested protocol version differs"
	case (g.InitializeParams.Capabilities == nil || g.InitializeParams.Capabilities.Sampling == nil) != (w.InitializeParams.Capabilities == nil || w.InitializeParams.Capabilities.Sampling == nil):
		return "client capabilities differ"
	case (g.InitializedParams == nil) != (w.InitializedParams == nil):
		return "initialized params differ"
	case g.NegotiatedProtocolVersion != w.NegotiatedProtocolVersion:
		return fmt.Sprintf("negotiated version %q, want %q", g.NegotiatedProtocolVersion, w.NegotiatedProtocolVersion)
	case g.LogLevel != w.LogLevel:
		return fmt.Sprintf("log level %q, want %q", g.LogLevel, w.LogLevel)
	case got.Node != want.Node:
		return fmt.Sprintf("node %q, want %q", got.Node, want.Node)
	case got.Principal != want.Principal:
		return fmt.Sprintf("principal %q, want %q", got.Principal, want.Principal)
	case got.Epoch != want.Epoch:
		return fmt.Sprintf("epoch %d, want %d", got.Epoch, want.Epoch)
	case string(got.Data) != string(want.Data):
		return fmt.Sprintf("data %q, want %q", got.Data, want.Data)
	}
	return ""
}

// Run tests the store newStore returns; each subtest gets a fresh, empty
// one. Expiry is checked with real time (tens of milliseconds), as a remote
// store keeps its own clock.
func Run(t *testing.T, newStore func(t *testing.T) sessionstore.Store) {
	ctx := context.Background()
	t.Run("PutGet", func(t *testing.T) {
		s := newStore(t)
		if _, ok, err := s.Get(ctx, "n1.MISSING"); ok || err != nil {
			t.Fatalf("Get of a missing id: ok %v, err %v", ok, err)
		}
		want := Record(1)
		if err := s.Put(ctx, "n1.A", want, time.Minute); err != nil {
			t.Fatal(err)
		}
		got, ok, err := s.Get(ctx, "n1.A")
		if !ok || err != nil {
			t.Fatalf("Get after Put: ok %v, err %v", ok, err)
		}
		if d := Equal(got, want); d != "" {
			t.Fatal(d)
		}
		// Put replaces.
		next := Record(2)
		next.State.LogLevel = "debug"
		if err := s.Put(ctx, "n1.A", next, time.Minute); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := s.Get(ctx, "n1.A"); Equal(got, next) != "" {
			t.Fatalf("after a second Put: %s", Equal(got, next))
		}
		if _, ok, _ := s.Get(ctx, "n1.B"); ok {
			t.Fatal("another id sees the record")
		}
	})
	t.Run("Delete", func(t *testing.T) {
		s := newStore(t)
		if err := s.Put(ctx, "n1.A", Record(1), time.Minute); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, "n1.A", 1); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := s.Get(ctx, "n1.A"); ok || err != nil {
			t.Fatalf("Get after Delete: ok %v, err %v", ok, err)
		}
		if err := s.Delete(ctx, "n1.A", 1); err != nil {
			t.Fatalf("Delete of a missing id: %v", err)
		}
		if ok, err := s.Refresh(ctx, "n1.A", 1, time.Minute); ok || err != nil {
			t.Fatalf("Refresh after Delete: ok %v, err %v", ok, err)
		}
		if _, ok, _ := s.Get(ctx, "n1.A"); ok {
			t.Fatal("Refresh of a missing id created a record")
		}
	})
	t.Run("Expiry", func(t *testing.T) {
		s := newStore(t)
		if err := s.Put(ctx, "n1.SHORT", Record(1), 50*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "n1.KEPT", Record(2), 150*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		time.Sleep(75 * time.Millisecond)
		if ok, err := s.Refresh(ctx, "n1.KEPT", 1, time.Minute); !ok || err != nil {
			t.Fatalf("Refresh of a live record: ok %v, err %v", ok, err)
		}
		time.Sleep(125 * time.Millisecond)
		if _, ok, err := s.Get(ctx, "n1.SHORT"); ok || err != nil {
			t.Fatalf("Get after the ttl: ok %v, err %v", ok, err)
		}
		if ok, _ := s.Refresh(ctx, "n1.SHORT", 1, time.Minute); ok {
			t.Fatal("Refresh revived an expired record")
		}
		if _, ok, err := s.Get(ctx, "n1.KEPT"); !ok || err != nil {
			t.Fatalf("Get of a refreshed record past its first ttl: ok %v, err %v", ok, err)
		}
	})
	runOwnership(t, newStore)
	t.Run("Concurrent", func(t *testing.T) {
		s := newStore(t)
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 20 {
					id := fmt.Sprintf("n%d.ID%d", g, i)
					if err := s.Put(ctx, id, Record(g), time.Minute); err != nil {
						errs <- err
						return
					}
					got, ok, err := s.Get(ctx, id)
					if err != nil || !ok || Equal(got, Record(g)) != "" {
						errs <- fmt.Errorf("%s: ok %v, err %v, %s", id, ok, err, Equal(got, Record(g)))
						return
					}
					if i%2 == 0 {
						if err := s.Delete(ctx, id, 1); err != nil {
							errs <- err
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}
