package streamable_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stalledGET opens the session's GET stream on a raw socket, reads the
// response head and then never reads again: the client of the wedge.
func stalledGET(t *testing.T, srv *httptest.Server, sid string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// A small receive window fills sooner.
	c.(*net.TCPConn).SetReadBuffer(4 << 10)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n%s: %s\r\n\r\n",
		srv.Listener.Addr(), protocol.HeaderSessionID, sid)
	br := bufio.NewReader(c)
	status, err := br.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		t.Fatalf("GET: %q %v", status, err)
	}
	return c
}

// A client that stops reading its GET stream while the server sends it
// notifications that no request's progress token claims (so they go to
// the GET stream) must not wedge its session: the server's writers do not
// block, the session's other requests (ping, a second GET, DELETE) are
// answered, and the stuck stream ends by itself within the write timeout.
func TestStalledGETStreamDoesNotWedgeTheSession(t *testing.T) {
	p := connect(t, streamable.Options{
		SessionIDGenerator: streamable.RandomSessionID,
		WriteTimeout:       300 * time.Millisecond,
	})
	srv := httptest.NewServer(p.tr)
	defer srv.Close()
	defer srv.CloseClientConnections()
	sid := establish(t, p.tr)
	stalledGET(t, srv, sid)

	big := strings.Repeat("x", 16<<10)
	var sent atomic.Int64
	stop := make(chan struct{})
	var writers sync.WaitGroup
	for range 2 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				// A token no request carries: routed like a tokenless
				// notification.
				if p.ss.NotifyProgress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: "nobody", Message: big}) == nil {
					sent.Add(1)
				} else {
					time.Sleep(time.Millisecond)
				}
			}
		}()
	}
	defer func() { close(stop); writers.Wait() }()
	// Let the socket buffers fill.
	for last := int64(-1); ; {
		time.Sleep(200 * time.Millisecond)
		n := sent.Load()
		if n == last {
			break
		}
		last = n
	}

	do := func(method, body string) (int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, _ := http.NewRequestWithContext(ctx, method, srv.URL, rd)
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(protocol.HeaderSessionID, sid)
		req.Header.Set(protocol.HeaderProtocolVersion, protocol.Version20250618)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("%s %s while a client is not reading its GET stream: %v", method, body, err)
		}
		defer res.Body.Close()
		if method == http.MethodGet {
			return res.StatusCode, "" // an open stream: do not read it to the end
		}
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatalf("%s %s: reading the answer: %v", method, body, err)
		}
		return res.StatusCode, string(b)
	}
	if code, body := do(http.MethodPost, `{"jsonrpc":"2.0","id":7,"method":"ping"}`); code != http.StatusOK || !strings.Contains(body, `"result"`) {
		t.Fatalf("ping: %d %s", code, body)
	}
	// The stuck stream ends within the write timeout, so a new GET stream
	// is accepted soon after.
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, _ := do(http.MethodGet, "")
		if code == http.StatusOK {
			break
		}
		if code != http.StatusConflict || time.Now().After(deadline) {
			t.Fatalf("GET after the stuck stream: %d, want 200 once the stuck stream ended", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, body := do(http.MethodDelete, ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	p.waitEnded(t)
	t.Logf("%d notifications queued before the writes stalled", sent.Load())
}
