package sessions_test

import (
	"context"
	"testing"
	"testing/synctest"

	"github.com/mcpwire/mcpwire/runtime/sessions"
)

// Shutdown returns only after the Closed hook of a session closing on
// another goroutine has run: a store's delete there must not outlive it.
// The close comes from outside Shutdown (a DELETE, an idle timer), so
// Shutdown's own Close of it finds the session already closing and returns
// at once; only the table's wait holds Shutdown back.
func TestShutdownWaitsForClosedHook(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		entered, release := make(chan struct{}), make(chan struct{})
		hookDone := false
		tbl := sessions.New[*fake](sessions.Options{Hooks: sessions.Hooks{
			Closed: func(string, sessions.Cause) {
				close(entered)
				<-release
				hookDone = true
			},
		}})
		f := establish(t, tbl, "s")
		go f.Close()
		<-entered

		shut := make(chan error, 1)
		go func() { shut <- tbl.Shutdown(context.Background(), nil) }()
		synctest.Wait()
		select {
		case err := <-shut:
			t.Fatalf("Shutdown returned (%v) while the Closed hook was running", err)
		default:
		}
		close(release)
		if err := <-shut; err != nil {
			t.Fatal(err)
		}
		if !hookDone {
			t.Error("Shutdown returned before the Closed hook finished")
		}
		if st := tbl.Stats(); st.ClosedOther != 1 {
			t.Errorf("stats %+v, want the close counted", st)
		}
	})
}

// A request still in flight when the session closes holds Shutdown until
// it ends, and the hook has run by then whichever of the two finishes
// last.
func TestShutdownWaitsForHookAndRequest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		entered, release := make(chan struct{}), make(chan struct{})
		tbl := sessions.New[*fake](sessions.Options{Hooks: sessions.Hooks{
			Closed: func(string, sessions.Cause) { close(entered); <-release },
		}})
		f := establish(t, tbl, "s")
		e := tbl.Lookup("s")
		e.Begin(false)
		go f.Close()
		<-entered
		e.End(false) // the request ends while the hook still runs

		shut := make(chan error, 1)
		go func() { shut <- tbl.Shutdown(context.Background(), nil) }()
		synctest.Wait()
		select {
		case err := <-shut:
			t.Fatalf("Shutdown returned (%v) before the hook finished", err)
		default:
		}
		close(release)
		if err := <-shut; err != nil {
			t.Fatal(err)
		}
	})
}
