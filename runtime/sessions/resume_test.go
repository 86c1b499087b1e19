package sessions_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessions"
)

// resumeAs returns a resume function that establishes id after the store
// took delay to answer, counting its calls.
func resumeAs(t *testing.T, tbl *sessions.Table[*fake], id string, delay time.Duration, calls *atomic.Int32) func() (*sessions.Entry[*fake], error) {
	return func() (*sessions.Entry[*fake], error) {
		calls.Add(1)
		time.Sleep(delay) // the store's round trip
		e, err := tbl.Reserve()
		if err != nil {
			return nil, err
		}
		newFake(e)
		if err := e.Establish(id); err != nil {
			return nil, err
		}
		return e, nil
	}
}

// Requests arriving together for one session resume it once, and all get
// the session; a resumption of another id runs beside it, not after it.
func TestResumeOncePerIDInParallel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tbl := sessions.New[*fake](sessions.Options{})
		var callsA, callsB atomic.Int32
		start := time.Now()
		var wg sync.WaitGroup
		got := make([]*sessions.Entry[*fake], 8)
		for i := range 8 {
			wg.Go(func() {
				e, err := tbl.Resume(context.Background(), "n1.A", "alice", resumeAs(t, tbl, "n1.A", 50*time.Millisecond, &callsA))
				if err != nil {
					t.Error(err)
				}
				got[i] = e
			})
		}
		var tookB time.Duration
		wg.Go(func() {
			if _, err := tbl.Resume(context.Background(), "n1.B", "alice", resumeAs(t, tbl, "n1.B", 50*time.Millisecond, &callsB)); err != nil {
				t.Error(err)
			}
			tookB = time.Since(start)
		})
		wg.Wait()
		if callsA.Load() != 1 || callsB.Load() != 1 {
			t.Errorf("resume ran %d times for A, %d for B; want once each", callsA.Load(), callsB.Load())
		}
		for _, e := range got {
			if e == nil || e != got[0] || e.ID() != "n1.A" {
				t.Fatalf("callers got different entries: %v", got)
			}
		}
		if tookB != 50*time.Millisecond || time.Since(start) != 50*time.Millisecond {
			t.Errorf("B took %v, all %v; want one round trip (50ms) each, in parallel", tookB, time.Since(start))
		}
		// Another caller's resumption is its own: it runs although one of
		// the same id just ran.
		var other atomic.Int32
		tbl2 := sessions.New[*fake](sessions.Options{})
		var wg2 sync.WaitGroup
		for _, who := range []string{"alice", "mallory"} {
			wg2.Go(func() {
				tbl2.Resume(context.Background(), "n1.C", who, func() (*sessions.Entry[*fake], error) {
					other.Add(1)
					time.Sleep(time.Millisecond)
					return nil, nil
				})
			})
		}
		wg2.Wait()
		if other.Load() != 2 {
			t.Errorf("two callers' resumptions of one id ran %d times, want 2", other.Load())
		}
		// Held now: no resume at all.
		if e, err := tbl.Resume(context.Background(), "n1.A", "alice", func() (*sessions.Entry[*fake], error) {
			t.Error("resume called for a session the table holds")
			return nil, nil
		}); e != got[0] || err != nil {
			t.Errorf("Resume of a held session: %v, %v", e, err)
		}
	})
}

// A failed resumption is every waiter's answer, and the next request tries
// again; a waiter whose request ends stops waiting.
func TestResumeFailureAndCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tbl := sessions.New[*fake](sessions.Options{})
		errStore := errors.New("store down")
		release := make(chan struct{})
		var calls atomic.Int32
		fail := func() (*sessions.Entry[*fake], error) {
			calls.Add(1)
			<-release
			return nil, errStore
		}
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				if _, err := tbl.Resume(context.Background(), "n1.A", "alice", fail); !errors.Is(err, errStore) {
					t.Errorf("waiter got %v, want the store's error", err)
				}
			})
		}
		synctest.Wait() // one of them runs fail; the cancelled one below waits
		ctx, cancel := context.WithCancel(context.Background())
		wg.Go(func() {
			if _, err := tbl.Resume(ctx, "n1.A", "alice", fail); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled waiter got %v", err)
			}
		})
		synctest.Wait()
		cancel()
		synctest.Wait()
		close(release)
		wg.Wait()
		if calls.Load() != 1 {
			t.Errorf("resume ran %d times, want 1", calls.Load())
		}
		var again atomic.Int32
		if e, err := tbl.Resume(context.Background(), "n1.A", "alice", resumeAs(t, tbl, "n1.A", 0, &again)); e == nil || err != nil || again.Load() != 1 {
			t.Errorf("retry after a failure: %v, %v, %d calls", e, err, again.Load())
		}
	})
}
