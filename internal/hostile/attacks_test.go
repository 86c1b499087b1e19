package hostile_test

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// 100 clients each send a body of 4 MiB − 1 declared bytes and withhold the
// last one. Before the body budget each pinned its whole body (~7 MiB per
// connection, 700 MiB here); now at most the 64 MiB budget is admitted, the
// rest are refused 503 unread, and memory comes back once they close.
func TestSlowBodiesHoldAtMostTheBudget(t *testing.T) {
	p := start(t)
	base := p.rss(t)
	const conns, size = 100, 4<<20 - 1
	var wg sync.WaitGroup
	var mu sync.Mutex
	var open []net.Conn
	body := strings.Repeat("a", size-1)
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", p.addr)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			open = append(open, c)
			mu.Unlock()
			c.SetWriteDeadline(time.Now().Add(20 * time.Second))
			// Refused connections are closed by the server mid-body: the
			// write fails, which is the point.
			fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", p.addr, size, body)
		}()
	}
	wg.Wait()
	time.Sleep(500 * time.Millisecond) // let the server read what was sent
	peak := p.rss(t)
	for _, c := range open {
		c.Close()
	}
	after := peak
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		if after = p.rss(t); after < base+40 {
			break
		}
	}
	t.Logf("RSS: baseline %.0f MiB, with %d withheld 4 MiB bodies %.0f MiB, after they closed %.0f MiB", base, conns, peak, after)
	if peak-base > 200 {
		t.Errorf("withheld bodies held %.0f MiB over the baseline; the budget is 64 MiB", peak-base)
	}
	if after-base > 40 {
		t.Errorf("RSS stayed %.0f MiB over the baseline after the connections closed", after-base)
	}
}
