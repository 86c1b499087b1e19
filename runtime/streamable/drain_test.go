package streamable_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// callOver POSTs a tools/call of the slow tool and sorts the answer: a
// complete result, a 404 refusal with a JSON-RPC body, or anything else
// (a cut stream), described.
func callOver(url, sid string, id int) (outcome string) {
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"slow","arguments":{"text":"%d"}}}`, id, id)
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(protocol.HeaderSessionID, sid)
	req.Header.Set(protocol.HeaderProtocolVersion, protocol.Version20251125)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "transport error: " + err.Error()
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	switch {
	case err != nil:
		return fmt.Sprintf("%d, body cut: %v", res.StatusCode, err)
	case res.StatusCode == http.StatusNotFound && strings.Contains(string(b), `"code":-32001`):
		return "404"
	case res.StatusCode == http.StatusOK && strings.Contains(string(b), fmt.Sprintf(`"text":"slow %d"`, id)):
		return "result"
	}
	return fmt.Sprintf("%d %q", res.StatusCode, b)
}

// A DELETE racing tool calls waits for those in flight and refuses the
// ones after it: every racing call gets its full result or a clean 404,
// never a stream cut after 200.
func TestDeleteRacingCalls(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	srv, sid := establishOver(t, p)
	const calls = 20
	outcomes := make(chan string, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 5 * time.Millisecond) // spread around the DELETE
			outcomes <- callOver(srv.URL, sid, 100+i)
		}()
	}
	time.Sleep(40 * time.Millisecond)
	req, _ := http.NewRequest(http.MethodDelete, srv.URL, nil)
	req.Header.Set(protocol.HeaderSessionID, sid)
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
	t.Logf("%d calls racing a DELETE: %d answered in full, %d refused 404", calls, count["result"], count["404"])
	if count["result"] == 0 {
		t.Error("no call in flight was let finish")
	}
	p.waitEnded(t)
}

// Drain ends the GET stream cleanly (its body ends, with a retry field
// when resumable), lets the call in flight finish, then closes.
func TestDrain(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, EventStore: streamable.NewMemoryEventStore(0), RetryInterval: 700 * time.Millisecond})
	srv, sid := establishOver(t, p)

	get, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	get.Header.Set("Accept", protocol.MediaTypeEventStream)
	get.Header.Set(protocol.HeaderSessionID, sid)
	res, err := http.DefaultClient.Do(get)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET: %v %v", res, err)
	}
	defer res.Body.Close()
	first, _ := bufio.NewReader(res.Body).ReadString('\n') // the stream is up
	if first == "" {
		t.Fatal("GET stream sent nothing")
	}

	call := make(chan string, 1)
	go func() { call <- callOver(srv.URL, sid, 9) }()
	time.Sleep(50 * time.Millisecond) // the call is in flight

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.tr.Drain(ctx); err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if got := <-call; got != "result" {
		t.Fatalf("call in flight during Drain: %s", got)
	}
	rest, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET stream cut by Drain: %v (read %q)", err, rest)
	}
	if !strings.Contains(string(rest), "retry: 700") {
		t.Fatalf("GET stream ended without a retry field: %q", rest)
	}
	p.waitEnded(t)
	if c := callOver(srv.URL, sid, 10); c != "404" {
		t.Fatalf("call after Drain: %s", c)
	}
}
