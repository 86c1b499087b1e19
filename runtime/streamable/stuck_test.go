package streamable_test

import (
	"context"
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

// A client that opens the GET stream and stops reading it blocks the
// server's writes once the socket buffers fill. Close must still return,
// and release every request of the session (the GET handler, the stuck
// writers), instead of waiting for a client that never reads.
func TestCloseWithAClientThatStoppedReading(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	srv := httptest.NewServer(p.tr)
	defer srv.CloseClientConnections()
	sid := establish(t, p.tr)

	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	req.Header.Set("Accept", protocol.MediaTypeEventStream)
	req.Header.Set(protocol.HeaderSessionID, sid)
	res, err := srv.Client().Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET: %v %v", res, err)
	}
	defer res.Body.Close() // never read

	// Two writers, so that one waits for the stream the other is stuck on.
	big := strings.Repeat("x", 64<<10)
	var sent atomic.Int64
	var writers sync.WaitGroup
	for range 2 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for {
				err := p.ss.NotifyProgress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: "t", Message: big})
				if err != nil {
					return
				}
				sent.Add(1)
			}
		}()
	}
	// Wait until the writes stall: the socket buffers are full.
	for last := int64(-1); ; {
		time.Sleep(100 * time.Millisecond)
		n := sent.Load()
		if n == last {
			break
		}
		last = n
	}

	finished := make(chan struct{})
	go func() {
		p.tr.Close()
		writers.Wait()
		srv.Close() // waits for the GET handler
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(5 * time.Second):
		t.Fatal("Close, the stuck writers or the GET handler did not return while the client was not reading")
	}
	p.waitEnded(t)
}
