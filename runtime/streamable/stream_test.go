package streamable_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sseEvent is one parsed server-sent event.
type sseEvent struct{ id, retry, data string }

// readEvents reads n events (comments skipped) from an SSE body.
func readEvents(t *testing.T, sc *bufio.Scanner, n int) []sseEvent {
	t.Helper()
	var out []sseEvent
	var ev sseEvent
	seen := false
	for len(out) < n && sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if seen {
				out = append(out, ev)
			}
			ev, seen = sseEvent{}, false
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "id: "):
			ev.id, seen = line[4:], true
		case strings.HasPrefix(line, "retry: "):
			ev.retry, seen = line[7:], true
		case strings.HasPrefix(line, "data: "):
			ev.data, seen = line[6:], true
		}
	}
	if len(out) < n {
		t.Fatalf("stream ended after %d events, want %d: %v", len(out), n, sc.Err())
	}
	return out
}

// progressOf returns the progress value of a notifications/progress event.
func progressOf(t *testing.T, data string) float64 {
	t.Helper()
	var m struct {
		Method string `json:"method"`
		Params struct {
			Progress float64 `json:"progress"`
		} `json:"params"`
	}
	if err := json.Unmarshal([]byte(data), &m); err != nil || m.Method != "notifications/progress" {
		t.Fatalf("event %q is not a progress notification", data)
	}
	return m.Params.Progress
}

func notify(t *testing.T, ss *mcp.ServerSession, tok string, progress float64) error {
	t.Helper()
	return ss.NotifyProgress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: progress})
}

// openStream opens the standalone GET stream over HTTP.
func openStream(t *testing.T, url, sid, lastEventID string) (*bufio.Scanner, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Accept", protocol.MediaTypeEventStream)
	req.Header.Set(protocol.HeaderSessionID, sid)
	req.Header.Set(protocol.HeaderProtocolVersion, protocol.Version20251125)
	if lastEventID != "" {
		req.Header.Set(protocol.HeaderLastEventID, lastEventID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET: %d", res.StatusCode)
	}
	return bufio.NewScanner(res.Body), func() { cancel(); res.Body.Close() }
}

// establishOver serves p's transport over loopback HTTP until the test
// ends and opens a session at 2025-11-25, for tests that read SSE streams
// as a client does.
func establishOver(t *testing.T, p *pair) (*httptest.Server, string) {
	t.Helper()
	srv := httptest.NewServer(p.tr)
	t.Cleanup(srv.Close)
	w := serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20251125)))
	sid := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != http.StatusOK || sid == "" {
		t.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	serve(p.tr, request(http.MethodPost, initializedBody, protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, protocol.Version20251125))
	return srv, sid
}

// Server messages written while no stream is open are queued and flushed,
// in order, by the next GET stream; with an event store the stream primes
// itself and a reconnect with Last-Event-ID replays what was missed.
func TestStandaloneQueueAndReplay(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, EventStore: streamable.NewMemoryEventStore(0), RetryInterval: 250 * time.Millisecond})
	defer p.waitEnded(t)
	defer p.tr.Close()
	srv, sid := establishOver(t, p)

	for i := 1; i <= 3; i++ {
		if err := notify(t, p.ss, "q", float64(i)); err != nil {
			t.Fatal(err)
		}
	}
	sc, stop := openStream(t, srv.URL, sid, "")
	evs := readEvents(t, sc, 4)
	if evs[0].id != "_0" || evs[0].retry != "250" || evs[0].data != "" {
		t.Fatalf("priming event %+v, want id _0, retry 250, no data", evs[0])
	}
	for i, ev := range evs[1:] {
		if ev.id != fmt.Sprintf("_%d", i+1) || progressOf(t, ev.data) != float64(i+1) {
			t.Fatalf("queued event %d: %+v", i+1, ev)
		}
	}
	stop()

	// The client saw up to _2: the reconnect replays _3, primes, then
	// flushes what was queued meanwhile.
	time.Sleep(20 * time.Millisecond) // let the first GET detach
	for i := 4; i <= 5; i++ {
		if err := notify(t, p.ss, "q", float64(i)); err != nil {
			t.Fatal(err)
		}
	}
	sc, stop = openStream(t, srv.URL, sid, "_2")
	defer stop()
	evs = readEvents(t, sc, 4)
	if evs[0].id != "_3" || progressOf(t, evs[0].data) != 3 {
		t.Fatalf("replayed %+v, want _3 with progress 3", evs[0])
	}
	if evs[1].id != "_4" || evs[1].data != "" {
		t.Fatalf("priming after replay %+v", evs[1])
	}
	if progressOf(t, evs[2].data) != 4 || progressOf(t, evs[3].data) != 5 {
		t.Fatalf("queued after reconnect: %+v", evs[2:])
	}
}

// The queue is bounded: past it a write fails (the server sees an error,
// nothing is dropped silently) and the session keeps working.
func TestQueueOverflowIsReported(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	defer p.waitEnded(t)
	defer p.tr.Close()
	sid := establish(t, p.tr)
	var err error
	for i := 0; i < 1100 && err == nil; i++ {
		err = notify(t, p.ss, "o", float64(i))
	}
	if err == nil {
		t.Fatal("1100 messages queued without an error")
	}
	if w := serve(p.tr, request(http.MethodPost, listBody(3), withSID(sid)...)); w.Code != http.StatusOK {
		t.Fatalf("session broken by the overflow: %d %s", w.Code, w.Body)
	}
}

// With two request streams open at once, each progress notification goes
// to the stream of the request whose progress token it carries.
func TestProgressFollowsItsToken(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "barrier", Version: "0"}, nil)
	var arrived sync.WaitGroup
	arrived.Add(2)
	mcp.AddTool(server, &mcp.Tool{Name: "both"}, func(ctx context.Context, req *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		arrived.Done()
		arrived.Wait() // both requests' streams are open now
		for i := 1; i <= 3; i++ {
			req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: float64(i)})
		}
		return textResult("ok"), nil, nil
	})
	p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	defer p.waitEnded(t)
	defer p.tr.Close()
	sid := establish(t, p.tr)
	var wg sync.WaitGroup
	for _, tok := range []string{`"a"`, `42`} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"both","arguments":{"text":""},"_meta":{"progressToken":%s}}}`, tok, tok)
			w := serve(p.tr, request(http.MethodPost, body, withSID(sid)...))
			msgs := messages(t, w)
			if len(msgs) != 4 {
				t.Errorf("token %s: %d messages on its stream, want 3 progress + result: %v", tok, len(msgs), msgs)
				return
			}
			for _, m := range msgs[:3] {
				got, _ := json.Marshal(m["params"].(map[string]any)["progressToken"])
				if string(got) != tok {
					t.Errorf("stream of token %s carried progress for %s", tok, got)
				}
			}
		}()
	}
	wg.Wait()
}

// collect reads a stream's events after idx from store.
func collect(store streamable.EventStore, session, stream string, idx int) ([]string, error) {
	var out []string
	for d, err := range store.After(context.Background(), session, stream, idx) {
		if err != nil {
			return out, err
		}
		out = append(out, string(d))
	}
	return out, nil
}

func TestMemoryEventStore(t *testing.T) {
	ctx := context.Background()
	// Room for three 1000-byte events with the per-session, per-stream and
	// per-event charges, not for four.
	s := streamable.NewMemoryEventStore(3500)
	s.Open(ctx, "s", "a")
	for _, d := range []string{"0", "1", "2"} {
		s.Append(ctx, "s", "a", []byte(strings.Repeat(d, 1000)))
	}
	first := func(evs []string) string {
		var b strings.Builder
		for _, e := range evs {
			b.WriteByte(e[0])
		}
		return b.String()
	}
	if got, err := collect(s, "s", "a", 0); err != nil || first(got) != "12" {
		t.Fatalf("After(0) = %v, %v", first(got), err)
	}
	s.Append(ctx, "s", "a", []byte(strings.Repeat("3", 1000))) // event 0 is dropped
	if _, err := collect(s, "s", "a", -1); err == nil {
		t.Fatal("After(-1) replayed past a dropped event")
	}
	if got, err := collect(s, "s", "a", 0); err != nil || first(got) != "123" {
		t.Fatalf("After(0) after eviction = %v, %v", first(got), err)
	}
	// Opening the stream again starts it afresh.
	s.Open(ctx, "s", "a")
	s.Append(ctx, "s", "a", []byte("x"))
	if got, err := collect(s, "s", "a", -1); err != nil || strings.Join(got, ",") != "x" {
		t.Fatalf("After(-1) after a new Open = %v, %v", got, err)
	}
	s.SessionClosed(ctx, "s")
	if _, err := collect(s, "s", "a", 0); err == nil {
		t.Fatal("a closed session's stream still replays")
	}
}

// Priming events carry no data and still count: a stream of nothing but
// priming events cannot grow the store without bound.
func TestMemoryEventStoreCountsEmptyEvents(t *testing.T) {
	ctx := context.Background()
	s := streamable.NewMemoryEventStore(64 << 10)
	s.Open(ctx, "s", "a")
	for range 100_000 {
		s.Append(ctx, "s", "a", nil)
	}
	if _, err := collect(s, "s", "a", -1); err == nil {
		t.Fatal("100000 empty events all kept in a 64 KiB store")
	}
	if got, err := collect(s, "s", "a", 99_000); err != nil || len(got) != 999 {
		t.Fatalf("the newest events: %d, %v", len(got), err)
	}
}

// One session appending without pause evicts its own history, not every
// other session's.
func TestMemoryEventStoreIsFair(t *testing.T) {
	ctx := context.Background()
	s := streamable.NewMemoryEventStore(64 << 10)
	for _, quiet := range []string{"q1", "q2", "q3"} {
		s.Open(ctx, quiet, "a")
		for i := range 10 {
			s.Append(ctx, quiet, "a", []byte(strings.Repeat(strconv.Itoa(i), 100)))
		}
	}
	for i := range 10_000 {
		id := strconv.Itoa(i)
		s.Open(ctx, "noisy", id)
		s.Append(ctx, "noisy", id, []byte(strings.Repeat("n", 100)))
	}
	for _, quiet := range []string{"q1", "q2", "q3"} {
		if got, err := collect(s, quiet, "a", -1); err != nil || len(got) != 10 {
			t.Fatalf("session %s after a noisy one: %d events, %v; want all 10", quiet, len(got), err)
		}
	}
	if _, err := collect(s, "noisy", "0", -1); err == nil {
		t.Fatal("the noisy session's first stream still replays from a 64 KiB store")
	}
	if got, err := collect(s, "noisy", "9999", -1); err != nil || len(got) != 1 {
		t.Fatalf("the noisy session's newest stream: %v, %v", got, err)
	}
	// A stream forgotten to make room and appended to again is lost, not
	// renumbered from 0.
	s.Append(ctx, "noisy", "0", []byte("late"))
	if _, err := collect(s, "noisy", "0", -1); err == nil {
		t.Fatal("a forgotten stream replays after a late append")
	}
}

func TestRandomSessionID(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id, err := streamable.RandomSessionID()
		if err != nil {
			t.Fatal(err)
		}
		if len(id) < 22 || seen[id] {
			t.Fatalf("id %q too short (<128 bits) or repeated", id)
		}
		for j := 0; j < len(id); j++ {
			if id[j] < 0x21 || id[j] > 0x7e {
				t.Fatalf("id %q has a byte outside visible ASCII", id)
			}
		}
		seen[id] = true
	}
}

// The connected server session declines 2026-07-28 through
// mcp.ProtocolVersionSupporter on this sessionful transport.
func TestSupportsProtocolVersion(t *testing.T) {
	tr := streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	var _ mcp.ProtocolVersionSupporter = tr
	for _, v := range protocol.SessionVersions {
		if !tr.SupportsProtocolVersion(v) {
			t.Errorf("declines %s", v)
		}
	}
	if tr.SupportsProtocolVersion(protocol.Version20260728) {
		t.Error("a sessionful transport accepts 2026-07-28")
	}
}

// Batches (2025-03-26): requests are answered together, as a JSON array or
// as events of one stream; notifications and responses alone get 202.
func TestBatch(t *testing.T) {
	for _, jsonMode := range []bool{true, false} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: jsonMode})
		w := serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20250326)))
		sid := w.Header().Get(protocol.HeaderSessionID)
		hdr := []string{protocol.HeaderSessionID, sid}
		if w := serve(p.tr, request(http.MethodPost, "["+initializedBody+"]", hdr...)); w.Code != http.StatusAccepted || w.Body.Len() != 0 {
			t.Fatalf("json=%v: notification batch: %d %q", jsonMode, w.Code, w.Body)
		}
		w = serve(p.tr, request(http.MethodPost, "["+listBody(2)+","+initializedBody+","+listBody(3)+"]", hdr...))
		if w.Code != http.StatusOK {
			t.Fatalf("json=%v: batch: %d %s", jsonMode, w.Code, w.Body)
		}
		var ids []float64
		if jsonMode {
			var answers []map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &answers); err != nil {
				t.Fatalf("batch answer %q is not an array: %v", w.Body, err)
			}
			for _, a := range answers {
				ids = append(ids, a["id"].(float64))
			}
		} else {
			for _, m := range messages(t, w) {
				ids = append(ids, m["id"].(float64))
			}
		}
		if len(ids) != 2 || ids[0]+ids[1] != 5 {
			t.Fatalf("json=%v: batch answered ids %v, want 2 and 3", jsonMode, ids)
		}
		p.tr.Close()
		p.waitEnded(t)
	}
}

// The allowlists admit what they list, and the loopback default admits
// loopback names.
func TestOriginChecksAdmit(t *testing.T) {
	for _, c := range []struct {
		opts  streamable.Options
		host  string
		extra []string
	}{
		{streamable.Options{}, "localhost:8080", []string{"Origin", "http://localhost:3000"}},
		{streamable.Options{}, "[::1]:8080", nil},
		{streamable.Options{AllowedHosts: []string{"mcp.example.com"}}, "mcp.example.com:443", nil},
		{streamable.Options{AllowedOrigins: []string{"https://app.example.com"}}, "127.0.0.1", []string{"Origin", "https://app.example.com"}},
	} {
		c.opts.SessionIDGenerator = streamable.RandomSessionID
		p := connect(t, c.opts)
		r := onLoopback(request(http.MethodPost, initBody(1, protocol.Version20250618), c.extra...))
		r.Host = c.host
		if w := serve(p.tr, r); w.Code != http.StatusOK {
			t.Errorf("host %q %v: %d %s", c.host, c.extra, w.Code, w.Body)
		}
		p.tr.Close()
		p.waitEnded(t)
	}
}

// The documented limit of routing: a notification that carries no token
// of a request, sent while two request streams are open, cannot be tied to
// either and goes to the standalone GET stream — delivered, not dropped.
func TestStrayNotificationWithTwoStreamsGoesToGET(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "barrier", Version: "0"}, nil)
	var arrived, notified sync.WaitGroup
	arrived.Add(2)
	notified.Add(2)
	mcp.AddTool(server, &mcp.Tool{Name: "both"}, func(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		arrived.Done()
		arrived.Wait() // both requests' streams are open now
		req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "stray-" + in.Text, Progress: 1})
		notified.Done()
		notified.Wait() // and stay open until both notifications are out
		return textResult("ok"), nil, nil
	})
	p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	defer p.waitEnded(t)
	defer p.tr.Close()
	srv, sid := establishOver(t, p)
	sc, stop := openStream(t, srv.URL, sid, "")
	defer stop()

	var wg sync.WaitGroup
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%q,"method":"tools/call","params":{"name":"both","arguments":{"text":%q}}}`, name, name)
			w := serve(p.tr, request(http.MethodPost, body, withSID(sid)...))
			if msgs := messages(t, w); len(msgs) != 1 || msgs[0]["result"] == nil {
				t.Errorf("stream of %s carried %v, want only its result", name, msgs)
			}
		}()
	}
	wg.Wait()
	// Should a notification be missing, end the GET stream rather than
	// wait for it forever: readEvents then fails.
	timer := time.AfterFunc(5*time.Second, stop)
	defer timer.Stop()
	got := map[string]bool{}
	for _, ev := range readEvents(t, sc, 2) {
		var m struct {
			Params struct {
				ProgressToken string `json:"progressToken"`
			} `json:"params"`
		}
		json.Unmarshal([]byte(ev.data), &m)
		got[m.Params.ProgressToken] = true
	}
	if !got["stray-a"] || !got["stray-b"] {
		t.Fatalf("GET stream carried %v, want both stray notifications", got)
	}
}
