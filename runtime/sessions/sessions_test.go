package sessions_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
)

// fake is a session as a transport behaves toward the table: it closes at
// most once, and its close runs the entry's Closed synchronously, as
// streamable.Transport runs OnClose inside Close and inside the DELETE that
// closes it.
type fake struct {
	e      *sessions.Entry[*fake]
	closed atomic.Bool
	done   chan struct{}
}

func newFake(e *sessions.Entry[*fake]) *fake {
	f := &fake{e: e, done: make(chan struct{})}
	e.Value = f
	return f
}

// tryClose closes f and reports whether this call did: of concurrent
// DELETEs exactly one closes a transport and is answered 200.
func (f *fake) tryClose() bool {
	if !f.closed.CompareAndSwap(false, true) {
		return false
	}
	f.e.Closed()
	close(f.done)
	return true
}

func (f *fake) Close() error { f.tryClose(); return nil }

// establish runs a successful handshake on tbl under id.
func establish(t testing.TB, tbl *sessions.Table[*fake], id string) *fake {
	t.Helper()
	e, err := tbl.Reserve()
	if err != nil {
		t.Fatalf("Reserve: %v", err)
	}
	f := newFake(e)
	e.Begin(false)
	if err := e.Establish(id); err != nil {
		t.Fatalf("Establish(%q): %v", id, err)
	}
	e.EndHandshake()
	return f
}

// deleteReq is a DELETE as the generated handler serves it: looked up,
// marked in flight, handed to the transport, which closes the session if
// this DELETE is the one that wins.
func deleteReq(tbl *sessions.Table[*fake], id string) (won bool) {
	e := tbl.Lookup(id)
	if e == nil {
		return false // 404
	}
	e.Begin(true)
	defer e.End(true)
	return e.Value.tryClose()
}

// Every DELETE answered 200 is counted as a close by DELETE, also when a
// second DELETE of the same session races it and loses (404). The handler
// this table replaces marked the session "deleting" and took the mark back
// when its DELETE returned, so a losing DELETE that returned while the
// winner was still draining took back the winner's mark before its close
// was counted: 3,000 DELETEs answered 200 were counted 2,999. Here every
// winner closes only after the loser has returned, the interleaving that
// lost the count.
func TestConcurrentDeletesCountedExactly(t *testing.T) {
	const n = 3000
	tbl := sessions.New[*fake](sessions.Options{})
	for i := range n {
		establish(t, tbl, fmt.Sprint(i))
	}
	var won atomic.Int64
	var wg sync.WaitGroup
	for i := range n {
		e := tbl.Lookup(fmt.Sprint(i))
		claimed := new(atomic.Bool)
		loserDone := make(chan struct{})
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.Begin(true)
				if !claimed.CompareAndSwap(false, true) {
					e.End(true) // 404: the other DELETE is closing it
					close(loserDone)
					return
				}
				<-loserDone // still draining when the loser returns
				if e.Value.tryClose() {
					won.Add(1)
				}
				e.End(true)
			}()
		}
	}
	wg.Wait()
	st := tbl.Stats()
	if won.Load() != n {
		t.Fatalf("%d DELETEs closed a session, want %d", won.Load(), n)
	}
	if st.ClosedByDelete != n || st.ClosedOther != 0 || st.Open != 0 {
		t.Errorf("after %d DELETEs answered 200: %+v; want ClosedByDelete %d, nothing else", n, st, n)
	}
	if st.HandshakesAccepted != n || st.HandshakesRefused != 0 {
		t.Errorf("handshakes: %+v, want %d accepted", st, n)
	}
}

func TestMaxSessions(t *testing.T) {
	tbl := sessions.New[*fake](sessions.Options{MaxSessions: 2})
	a := establish(t, tbl, "a")
	e, err := tbl.Reserve() // a handshake in progress holds room too
	if err != nil {
		t.Fatal(err)
	}
	pending := newFake(e)
	if _, err := tbl.Reserve(); !isUnavailable(err) {
		t.Fatalf("Reserve beyond MaxSessions: %v, want 503 with Retry-After", err)
	}
	if st := tbl.Stats(); st.Open != 1 || st.Reserved != 1 || st.HandshakesRefused != 1 {
		t.Errorf("stats %+v, want 1 open, 1 reserved, 1 refused", st)
	}

	// A reservation that closes without a session gives its room back,
	// and its handshake counts as refused.
	e.Begin(false)
	pending.Close()
	e.EndHandshake()
	if st := tbl.Stats(); st.Reserved != 0 || st.HandshakesRefused != 2 || st.ClosedOther != 0 {
		t.Errorf("after a refused handshake: %+v, want 0 reserved, 2 refused, no close counted", st)
	}
	establish(t, tbl, "b")
	if _, err := tbl.Reserve(); !isUnavailable(err) {
		t.Fatalf("Reserve with two open sessions: %v, want 503", err)
	}
	// A closed session gives its room back.
	a.Close()
	establish(t, tbl, "c")
	if st := tbl.Stats(); st.Open != 2 || st.ClosedOther != 1 {
		t.Errorf("stats %+v, want 2 open, 1 closed (other)", st)
	}
}

func isUnavailable(err error) bool {
	var pe *protocol.Error
	return errors.As(err, &pe) && pe.Status == http.StatusServiceUnavailable && pe.Header.Get("Retry-After") != ""
}

func TestEstablishRefusals(t *testing.T) {
	tbl := sessions.New[*fake](sessions.Options{})
	establish(t, tbl, "dup")
	e, _ := tbl.Reserve()
	newFake(e)
	var pe *protocol.Error
	if err := e.Establish("dup"); !errors.As(err, &pe) || pe.Status != http.StatusInternalServerError {
		t.Errorf("Establish under a taken id: %v, want 500", err)
	}
	if got := tbl.Lookup("dup"); got == e {
		t.Error("the taken id now names the second session")
	}
	if err := e.Establish("fresh"); err != nil {
		t.Fatal(err)
	}
	if err := e.Establish("again"); err == nil {
		t.Error("a second Establish on one entry succeeded")
	}
	if tbl.Lookup("fresh") != e || tbl.Lookup("again") != nil {
		t.Error("Lookup does not follow Establish")
	}
}

func TestIdleTimeout(t *testing.T) {
	// Under synctest: the timers run on the bubble's clock, so the
	// test waits for no wall-clock time and no load can reorder it.
	synctest.Test(t, func(t *testing.T) {
		const idle = 20 * time.Millisecond
		tbl := sessions.New[*fake](sessions.Options{IdleTimeout: idle})
		f := establish(t, tbl, "s")
		e := tbl.Lookup("s")

		// A request in flight holds the session however long it takes.
		e.Begin(false)
		time.Sleep(5 * idle)
		if f.closed.Load() {
			t.Fatal("a session with a request in flight was closed as idle")
		}
		e.End(false)
		select {
		case <-f.done:
		case <-time.After(10 * time.Second):
			t.Fatal("an idle session was not closed")
		}
		if st := tbl.Stats(); st.ClosedByIdle != 1 || st.Open != 0 {
			t.Errorf("stats %+v, want 1 closed by idle", st)
		}
	})
}

// The idle timer is armed once and not moved per request: when it fires
// after a request that ended later than it was armed, it waits for what is
// left of IdleTimeout since that request; when it fires during a request,
// the request's end arms it again.
func TestIdleTimerFiresEarly(t *testing.T) {
	// Under synctest: the timers run on the bubble's clock, so the
	// test waits for no wall-clock time and no load can reorder it.
	synctest.Test(t, func(t *testing.T) {
		const idle = 300 * time.Millisecond
		tbl := sessions.New[*fake](sessions.Options{IdleTimeout: idle})
		f := establish(t, tbl, "s") // the handshake's end arms the timer
		armed := time.Now()
		e := tbl.Lookup("s")

		// A request that ends half way: the session has been idle for less
		// than idle when the timer fires.
		time.Sleep(idle / 2)
		e.Begin(false)
		e.End(false)
		last := time.Now()
		time.Sleep(idle - time.Since(armed) + idle/6)
		if checked := time.Now(); f.closed.Load() && checked.Sub(last) < idle {
			t.Fatalf("closed %v after its last request, IdleTimeout %v", checked.Sub(last), idle)
		}

		// A request in flight when the timer fires keeps the session; its end
		// arms the timer again.
		e.Begin(false)
		time.Sleep(2 * idle)
		if f.closed.Load() {
			t.Fatal("a session with a request in flight was closed as idle")
		}
		e.End(false)
		select {
		case <-f.done:
		case <-time.After(10 * time.Second):
			t.Fatal("an idle session was not closed")
		}
		if st := tbl.Stats(); st.ClosedByIdle != 1 {
			t.Errorf("stats %+v, want 1 closed by idle", st)
		}
	})
}

// A session nobody ever sends a request to after its handshake is closed
// too: the handshake's end starts the timer.
func TestIdleAfterHandshake(t *testing.T) {
	// Under synctest: the timers run on the bubble's clock, so the
	// test waits for no wall-clock time and no load can reorder it.
	synctest.Test(t, func(t *testing.T) {
		tbl := sessions.New[*fake](sessions.Options{IdleTimeout: time.Millisecond})
		f := establish(t, tbl, "s")
		select {
		case <-f.done:
		case <-time.After(10 * time.Second):
			t.Fatal("a session idle since its handshake was not closed")
		}
	})
}

func TestShutdownWaits(t *testing.T) {
	// Under synctest: the timers run on the bubble's clock, so the
	// test waits for no wall-clock time and no load can reorder it.
	synctest.Test(t, func(t *testing.T) {
		tbl := sessions.New[*fake](sessions.Options{})
		f := establish(t, tbl, "s")
		e := tbl.Lookup("s")
		e.Begin(false) // a request in flight

		// Shutdown's end closes the session; the request still runs.
		ended := make(chan struct{})
		shut := make(chan error, 1)
		go func() {
			shut <- tbl.Shutdown(context.Background(), func(_ context.Context, s *fake) {
				s.Close()
				close(ended)
			})
		}()
		<-ended
		select {
		case err := <-shut:
			t.Fatalf("Shutdown returned (%v) with a request in flight", err)
		case <-time.After(20 * time.Millisecond):
		}
		e.End(false)
		if err := <-shut; err != nil {
			t.Fatal(err)
		}
		if !f.closed.Load() {
			t.Error("Shutdown did not end the session")
		}
		if st := tbl.Stats(); st.ClosedByShutdown != 1 || st.Open != 0 {
			t.Errorf("stats %+v, want 1 closed by shutdown", st)
		}
		if _, err := tbl.Reserve(); !isUnavailable(err) {
			t.Errorf("Reserve after Shutdown: %v, want 503", err)
		}
	})
}

// A handshake in progress when Shutdown starts is refused when it tries to
// establish, and Shutdown waits until its transport has closed.
func TestShutdownRefusesHandshakeInProgress(t *testing.T) {
	tbl := sessions.New[*fake](sessions.Options{})
	e, err := tbl.Reserve()
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(e)
	e.Begin(false)
	shut := make(chan error, 1)
	go func() { shut <- tbl.Shutdown(context.Background(), nil) }()
	for !tbl.ShuttingDown() {
		time.Sleep(time.Millisecond)
	}
	if err := e.Establish("late"); !isUnavailable(err) {
		t.Fatalf("Establish during Shutdown: %v, want 503", err)
	}
	f.Close() // CloseOnRefusedHandshake
	e.EndHandshake()
	if err := <-shut; err != nil {
		t.Fatal(err)
	}
	if st := tbl.Stats(); st.HandshakesRefused != 1 || st.ClosedByShutdown != 0 || st.Reserved != 0 {
		t.Errorf("stats %+v, want the handshake refused and no session counted", st)
	}
}

func TestShutdownContextDone(t *testing.T) {
	tbl := sessions.New[*fake](sessions.Options{})
	establish(t, tbl, "s")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// end never closes the session: Shutdown gives up when ctx is done.
	err := tbl.Shutdown(ctx, func(context.Context, *fake) {})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Shutdown: %v, want context.Canceled", err)
	}
}

func TestHooks(t *testing.T) {
	var mu sync.Mutex
	var log []string
	rec := func(s string) { mu.Lock(); log = append(log, s); mu.Unlock() }
	tbl := sessions.New[*fake](sessions.Options{Hooks: sessions.Hooks{
		Established: func(id string) { rec("established " + id) },
		Used:        func(id string) { rec("used " + id) },
		Closed:      func(id string, c sessions.Cause) { rec("closed " + id + " " + c.String()) },
	}})
	establish(t, tbl, "a")
	deleteReq(tbl, "a")
	// A refused handshake is neither established nor closed.
	e, _ := tbl.Reserve()
	newFake(e).Close()
	want := []string{"established a", "used a", "closed a delete"}
	if fmt.Sprint(log) != fmt.Sprint(want) {
		t.Errorf("hooks ran %q, want %q", log, want)
	}
}

// Concurrent use from every side: handshakes, requests, DELETEs, idle
// timers and a Shutdown. Run with -race; every entry must finish so that
// Shutdown returns, and the counts must add up.
func TestConcurrentUse(t *testing.T) {
	tbl := sessions.New[*fake](sessions.Options{MaxSessions: 64, IdleTimeout: time.Millisecond})
	var wg sync.WaitGroup
	var established atomic.Int64
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				id := fmt.Sprintf("%d-%d", g, i)
				e, err := tbl.Reserve()
				if err != nil {
					continue
				}
				newFake(e)
				e.Begin(false)
				if e.Establish(id) == nil {
					established.Add(1)
				} else {
					e.Value.Close()
				}
				e.EndHandshake()
				if i%3 == 0 {
					deleteReq(tbl, id)
				} else if s := tbl.Lookup(id); s != nil {
					s.Begin(false)
					s.End(false)
				}
			}
		}()
	}
	wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := tbl.Shutdown(ctx, nil); err != nil {
		t.Fatal(err)
	}
	st := tbl.Stats()
	closed := st.ClosedByDelete + st.ClosedByIdle + st.ClosedByShutdown + st.ClosedOther
	if st.Open != 0 || st.Reserved != 0 || closed != established.Load() || st.ClosedOther != 0 {
		t.Errorf("stats %+v: %d established, %d closed; want all closed, none by other", st, established.Load(), closed)
	}
}
