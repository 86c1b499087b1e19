package hostile_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Initializes without end: before the defaults, every one kept a session
// (20,000 → 898 MiB); now -max-sessions (1000) bounds them and the rest are
// refused 503 with Retry-After.
func TestSessionFloodIsCapped(t *testing.T) {
	p := start(t)
	base := p.rss(t)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	const attempts = 1300
	ok, refused := 0, 0
	var jobs sync.WaitGroup
	var mu sync.Mutex
	next := make(chan int)
	for range 8 {
		jobs.Add(1)
		go func() {
			defer jobs.Done()
			for range next {
				r, err := post(client, p.url, "", initBody(1))
				mu.Lock()
				switch {
				case err != nil:
					t.Errorf("initialize: %v", err)
				case r.status == http.StatusOK:
					ok++
				case r.status == http.StatusServiceUnavailable && r.header.Get("Retry-After") != "" && isJSONRPCError(r.body):
					refused++
				default:
					t.Errorf("initialize: %d %s", r.status, r.body)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range attempts {
		next <- i
	}
	close(next)
	jobs.Wait()
	open := p.stats(t)["open_sessions"]
	rss := p.rss(t)
	t.Logf("%d initializes: %d sessions, %d refused 503; open_sessions %d; RSS %.0f → %.0f MiB", attempts, ok, refused, open, base, rss)
	if ok > 1000 || open > 1000 {
		t.Errorf("%d sessions accepted, %d open; the default cap is 1000", ok, open)
	}
	if rss-base > 150 {
		t.Errorf("1000 idle sessions cost %.0f MiB", rss-base)
	}
}

// Clients that hold GET streams and never call again: before, a GET kept
// its session "active" forever, so -max-sessions of them locked every new
// client out. Now a GET alone does not keep a session past -idle-timeout:
// the sessions expire, their streams end cleanly, and new clients get in.
func TestHeldGETStreamsExpire(t *testing.T) {
	p := start(t, "-max-sessions", "5", "-idle-timeout", "1s")
	ended := make(chan error, 5)
	for range 5 {
		sid, r := initialize(t, http.DefaultClient, p.url)
		if sid == "" {
			t.Fatalf("initialize: %d %s", r.status, r.body)
		}
		req, _ := http.NewRequest(http.MethodGet, p.url, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", version)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET: %v %v", res, err)
		}
		go func() {
			_, err := io.Copy(io.Discard, res.Body) // a reading, live-looking client
			res.Body.Close()
			ended <- err
		}()
	}
	if _, r := initialize(t, http.DefaultClient, p.url); r.status != http.StatusServiceUnavailable {
		t.Fatalf("a sixth client beside five held sessions: %d, want 503", r.status)
	}
	began := time.Now()
	for {
		sid, _ := initialize(t, http.DefaultClient, p.url)
		if sid != "" {
			break
		}
		if time.Since(began) > 15*time.Second {
			t.Fatal("five held GET streams locked new clients out for 15s with -idle-timeout 1s")
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("a new client got a session %.1fs after the cap was reached by five held GET streams (-idle-timeout 1s)", time.Since(began).Seconds())
	for range 5 {
		select {
		case err := <-ended:
			if err != nil {
				t.Errorf("a held GET stream was cut, not ended: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a held GET stream outlived its expired session")
		}
	}
}

// A client opens its GET stream, stops reading it, and has two tools send
// notifications that no request claims (so they go to the GET stream).
// Before, a writer blocked on the socket under the stream's lock while
// another held the transport's lock waiting: ping, GET and DELETE on the
// session hung. Now the stuck stream ends alone and the session answers.
func TestStalledGETStreamDoesNotWedge(t *testing.T) {
	p := start(t)
	client := &http.Client{}
	sid, r := initialize(t, client, p.url)
	if sid == "" {
		t.Fatalf("initialize: %d %s", r.status, r.body)
	}
	c, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.(*net.TCPConn).SetReadBuffer(4 << 10)
	fmt.Fprintf(c, "GET /mcp HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\nMcp-Session-Id: %s\r\nMCP-Protocol-Version: %s\r\n\r\n", p.addr, sid, version)
	status, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		t.Fatalf("GET: %q %v", status, err)
	}
	// Two calls at once, so that their notifications cannot be tied to one
	// request stream and take the GET stream.
	var calls sync.WaitGroup
	for i := range 2 {
		calls.Add(1)
		go func() {
			defer calls.Done()
			if _, err := post(client, p.url, sid, callBody(10+i, "chatter", `{"count":400}`)); err != nil {
				t.Logf("chatter call %d: %v", i, err)
			}
		}()
	}
	time.Sleep(2 * time.Second) // the GET stream's buffers fill
	began := time.Now()
	for _, probe := range []struct{ method, body string }{
		{http.MethodPost, `{"jsonrpc":"2.0","id":99,"method":"ping"}`},
		{http.MethodGet, ""},
		{http.MethodDelete, ""},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		req, _ := http.NewRequestWithContext(ctx, probe.method, p.url, strings.NewReader(probe.body))
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", version)
		res, err := client.Do(req)
		if err != nil {
			cancel()
			t.Fatalf("%s on the session while its GET stream is stuck: %v", probe.method, err)
		}
		// A GET is 200 (the stuck stream already ended) or 409 (not yet).
		if res.StatusCode != http.StatusOK && !(probe.method == http.MethodGet && res.StatusCode == http.StatusConflict) {
			t.Errorf("%s: %d", probe.method, res.StatusCode)
		}
		res.Body.Close()
		cancel()
	}
	t.Logf("ping, GET and DELETE answered in %.2fs while a client was not reading its GET stream", time.Since(began).Seconds())
	calls.Wait()
}

// SIGTERM with a call in flight and a GET stream open: before, both were
// cut mid-body. Now the call is answered, the stream ends cleanly and the
// process exits 0.
func TestShutdownDrains(t *testing.T) {
	p := start(t)
	sid, r := initialize(t, http.DefaultClient, p.url)
	if sid == "" {
		t.Fatalf("initialize: %d %s", r.status, r.body)
	}
	req, _ := http.NewRequest(http.MethodGet, p.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", version)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET: %v %v", res, err)
	}
	streamEnd := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, res.Body); streamEnd <- err }()
	call := make(chan reply, 1)
	go func() {
		r, err := post(http.DefaultClient, p.url, sid, callBody(5, "sleep", `{}`))
		if err != nil {
			r.readErr = err
		}
		call <- r
	}()
	time.Sleep(300 * time.Millisecond) // the call is in flight
	exitErr, log := p.stop(t)
	got := <-call
	if got.readErr != nil || got.status != http.StatusOK || !strings.Contains(got.body, `"slept"`) {
		t.Errorf("call in flight at SIGTERM: %d %q %v", got.status, got.body, got.readErr)
	}
	if err := <-streamEnd; err != nil {
		t.Errorf("GET stream at SIGTERM was cut: %v", err)
	}
	if exitErr != nil {
		t.Errorf("exit after SIGTERM: %v\n%s", exitErr, log)
	}
	t.Logf("SIGTERM during a 1s call: call %d %q (%v); exit %v", got.status, strings.TrimSpace(got.body), got.readErr, exitErr)
}

// DELETE racing calls on its session: before, ~7% of them got a 200 whose
// body was cut. Now each gets its full answer or a clean 404.
func TestDeleteRacingCalls(t *testing.T) {
	p := start(t)
	sid, r := initialize(t, http.DefaultClient, p.url)
	if sid == "" {
		t.Fatalf("initialize: %d %s", r.status, r.body)
	}
	const calls = 30
	outcomes := make(chan string, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 20 * time.Millisecond)
			r, err := post(http.DefaultClient, p.url, sid, callBody(100+i, "sleep", `{}`))
			switch {
			case err != nil:
				outcomes <- "error: " + err.Error()
			case r.readErr != nil:
				outcomes <- fmt.Sprintf("%d, body cut: %v", r.status, r.readErr)
			case r.status == http.StatusOK && strings.Contains(r.body, `"slept"`):
				outcomes <- "result"
			case r.status == http.StatusNotFound && isJSONRPCError(r.body):
				outcomes <- "404"
			default:
				outcomes <- fmt.Sprintf("%d %q", r.status, r.body)
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	req, _ := http.NewRequest(http.MethodDelete, p.url, nil)
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", version)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("DELETE: %v %v", res, err)
	}
	res.Body.Close()
	wg.Wait()
	close(outcomes)
	count := map[string]int{}
	for o := range outcomes {
		count[o]++
		if o != "result" && o != "404" {
			t.Errorf("a call racing DELETE: %s", o)
		}
	}
	t.Logf("%d calls racing a DELETE: %d answered in full, %d refused 404, %d otherwise", calls, count["result"], count["404"], calls-count["result"]-count["404"])
}
