package limits_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/limits"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// The listener accepts at most max connections at once; closing one makes
// room for the next, and closing the listener ends an Accept that waits.
func TestListenerCapsOpenConnections(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limits.Listener(raw, 2)
	accepted := make(chan net.Conn, 3)
	acceptErr := make(chan error, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				acceptErr <- err
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	var open []net.Conn
	for range 2 {
		select {
		case c := <-accepted:
			open = append(open, c)
		case <-time.After(5 * time.Second):
			t.Fatal("the first two connections were not accepted")
		}
	}
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	case <-time.After(200 * time.Millisecond):
	}
	open[0].Close()
	open[0].Close() // a second Close gives back nothing more
	select {
	case c := <-accepted:
		defer c.Close()
	case <-time.After(5 * time.Second):
		t.Fatal("closing a connection did not make room for the waiting one")
	}
	// Two open again: Accept waits; closing the listener ends it.
	ln.Close()
	select {
	case err := <-acceptErr:
		if !errors.Is(err, net.ErrClosed) {
			t.Fatalf("Accept after Close: %v, want net.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end an Accept waiting for room")
	}
	open[1].Close()
}

// readAll is a handler that admits the body under the budget, reads it and
// answers its length.
func readAll(b *limits.Bodies, maxBody int64, readTimeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, release, err := b.Admit(w, r, maxBody, readTimeout)
		if err != nil {
			protocol.WriteError(w, nil, err)
			return
		}
		defer release()
		body, err := io.ReadAll(r.Body)
		if err != nil {
			protocol.WriteError(w, nil, protocol.BadRequest("unreadable"))
			return
		}
		fmt.Fprint(w, len(body))
	})
}

// withheld sends a POST declaring n bytes and sends all but the last.
func withheld(t *testing.T, addr string, n int) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", n, strings.Repeat("a", n-1))
	return c
}

// Bodies that withhold their last byte hold at most the budget: beyond it
// a request is refused 503 with Retry-After and a JSON-RPC body, and the
// budget comes back when those connections close.
func TestBodiesBudget(t *testing.T) {
	b := limits.NewBodies(1000)
	srv := httptest.NewServer(readAll(b, 600, time.Minute))
	defer srv.Close()
	addr := srv.Listener.Addr().String()

	stuck := withheld(t, addr, 600)
	waitFor(t, func() bool { return b.Used() == 600 })
	res, err := http.Post(srv.URL, "application/json", strings.NewReader(strings.Repeat("b", 500)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || !strings.Contains(string(body), `"jsonrpc":"2.0"`) {
		t.Fatalf("over the budget: %d Retry-After %q %s, want 503 with Retry-After and a JSON-RPC error", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	// A body within what is left is served.
	res, err = http.Post(srv.URL, "application/json", strings.NewReader(strings.Repeat("b", 400)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || string(body) != "400" {
		t.Fatalf("within the budget: %d %s", res.StatusCode, body)
	}
	stuck.Close()
	waitFor(t, func() bool { return b.Used() == 0 })
	t.Logf("budget 1000: a withheld 600-byte body held %d, a 500-byte one was refused, a 400-byte one served", 600)
}

// A body that does not arrive within the read timeout is cut (the handler
// sees a read error) and its charge returned; a body that did arrive gets
// a response that may outlast the timeout: the deadline is cleared once
// the body is read.
func TestBodiesReadTimeout(t *testing.T) {
	b := limits.NewBodies(0)
	const timeout = 200 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, release, err := b.Admit(w, r, 0, timeout)
		if err != nil {
			protocol.WriteError(w, nil, err)
			return
		}
		defer release()
		body, err := io.ReadAll(r.Body)
		if err != nil {
			protocol.WriteError(w, nil, protocol.BadRequest("unreadable"))
			return
		}
		// A stream that outlives the read deadline, like an SSE response.
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		http.NewResponseController(w).Flush()
		select {
		case <-time.After(3 * timeout):
		case <-r.Context().Done():
			return // cancelled: the client sees a truncated stream
		}
		fmt.Fprintf(w, "data: %d\n\n", len(body))
	}))
	defer srv.Close()

	c := withheld(t, srv.Listener.Addr().String(), 100)
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	status, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.Contains(status, " 400 ") {
		t.Fatalf("withheld body: %q %v, want 400 after the read timeout", status, err)
	}
	waitFor(t, func() bool { return b.Used() == 0 })

	res, err := http.Post(srv.URL, "application/json", strings.NewReader(`{"a":1}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil || string(got) != "data: 7\n\n" {
		t.Fatalf("stream past the read deadline: %q %v", got, err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 5s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
