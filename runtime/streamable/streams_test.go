package streamable_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// A session holds at most MaxStreams streams at once: one more call is
// refused 429 with a JSON-RPC body, and room comes back as calls finish.
func TestMaxStreams(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, MaxStreams: 2})
	srv, sid := establishOver(t, p)
	var wg sync.WaitGroup
	held := make([]string, 2)
	for i := range held {
		wg.Add(1)
		go func() { defer wg.Done(); held[i] = callOver(srv.URL, sid, 1+i) }()
	}
	time.Sleep(80 * time.Millisecond) // both calls in flight (the tool takes 200ms)
	over := callOver(srv.URL, sid, 3)
	if !strings.HasPrefix(over, "429 ") || !strings.Contains(over, `-32000`) {
		t.Errorf("a third stream beside two: %s, want 429 with a JSON-RPC error", over)
	}
	wg.Wait()
	for i, h := range held {
		if h != "result" {
			t.Errorf("call %d: %s", i+1, h)
		}
	}
	if again := callOver(srv.URL, sid, 4); again != "result" {
		t.Errorf("a call after the others finished: %s", again)
	}
	p.tr.Close()
	p.waitEnded(t)
}

// A quiet event stream gets keepalive comments.
func TestKeepaliveComments(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, KeepaliveInterval: 30 * time.Millisecond})
	srv, sid := establishOver(t, p)
	sc, stop := openStream(t, srv.URL, sid, "")
	defer stop()
	seen := 0
	deadline := time.Now().Add(5 * time.Second)
	for seen < 3 && time.Now().Before(deadline) && sc.Scan() {
		if sc.Text() == ": keepalive" {
			seen++
		}
	}
	if seen < 3 {
		t.Fatalf("%d keepalive comments on a quiet GET stream, want 3", seen)
	}
	p.tr.Close()
	p.waitEnded(t)
}
