package streamable_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A long-lived endpoint (option off) survives a client's pre-session probe:
// the probe is refused, then an initialize on the same transport succeeds.
func TestOptionOffProbeThenInitialize(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	for _, probe := range []*http.Request{
		request(http.MethodPost, listBody(1)),
		request(http.MethodGet, ""),
		request(http.MethodPost, initBody(1, protocol.Version20250618), "Accept", "application/json"),
		request(http.MethodPost, `{"jsonrpc":"2.0","id":1,"method":"initialize"}`),
	} {
		if w := serve(p.tr, probe); w.Code < 400 && w.Code != http.StatusOK {
			t.Fatalf("probe %s answered %d", probe.Method, w.Code)
		}
	}
	if n := p.closes.Load(); n != 0 {
		t.Fatalf("OnClose ran %d times on a transport without CloseOnRefusedHandshake", n)
	}
	sid := establish(t, p.tr)
	if sid != p.tr.SessionID() {
		t.Fatalf("session id %q, transport says %q", sid, p.tr.SessionID())
	}
	p.tr.Close()
	p.waitEnded(t)
}

// The race of docs/protocol.md, "Closing on a refused handshake": a
// refusal settles while an initialize is still reading its body. The counter keeps the transport open; the initialize
// completes with a session id.
func TestRefusalBesideInFlightInitialize(t *testing.T) {
	for i := 0; i < 20; i++ {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
		pr, pw := io.Pipe()
		r := request(http.MethodPost, "")
		r.Body, r.ContentLength = pr, -1
		body := initBody(1, protocol.Version20250618)
		var initW = make(chan *http.Response, 1)
		go func() {
			w := serve(p.tr, r)
			initW <- w.Result()
		}()
		// The write returns once the handler is reading the body: the
		// initialize is in flight.
		if _, err := pw.Write([]byte(body[:20])); err != nil {
			t.Fatal(err)
		}
		for _, refused := range []*http.Request{request(http.MethodGet, ""), request(http.MethodPost, listBody(2)), request(http.MethodPut, "")} {
			if w := serve(p.tr, refused); w.Code < 400 {
				t.Fatalf("refusal answered %d", w.Code)
			}
		}
		if n := p.closes.Load(); n != 0 {
			t.Fatalf("a refusal closed the transport under an in-flight initialize")
		}
		pw.Write([]byte(body[20:]))
		pw.Close()
		res := <-initW
		if res.StatusCode != http.StatusOK || res.Header.Get(protocol.HeaderSessionID) == "" {
			t.Fatalf("initialize: %d, session id %q", res.StatusCode, res.Header.Get(protocol.HeaderSessionID))
		}
		sid := res.Header.Get(protocol.HeaderSessionID)
		if w := serve(p.tr, request(http.MethodPost, listBody(3), withSID(sid)...)); w.Code != http.StatusOK {
			t.Fatalf("tools/list after the handshake: %d %s", w.Code, w.Body)
		}
		if n := p.closes.Load(); n != 0 {
			t.Fatalf("OnClose ran %d times on an established session", n)
		}
		p.tr.Close()
		p.waitEnded(t)
	}
}

// A handshake that fails after the id was assigned rolls back: 500 /
// -32603 without Mcp-Session-Id, the transport closes, and OnClose gets the
// id the hook saw so that what it stored is removed.
func TestPostAssignmentFailureRollsBack(t *testing.T) {
	failing := errors.New("session store down")
	cases := map[string]func(o *streamable.Options, seen *sync.Map){
		"OnSessionInitialized stores, then fails": func(o *streamable.Options, seen *sync.Map) {
			o.OnSessionInitialized = func(_ context.Context, id string) error {
				seen.Store(id, true)
				return failing
			}
		},
		"event store fails after OnSessionInitialized stored": func(o *streamable.Options, seen *sync.Map) {
			o.OnSessionInitialized = func(_ context.Context, id string) error {
				seen.Store(id, true)
				return nil
			}
			o.EventStore = failingStore{err: failing}
		},
	}
	for name, configure := range cases {
		t.Run(name, func(t *testing.T) {
			ignore := goleak.IgnoreCurrent()
			var stored sync.Map
			opts := streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true}
			configure(&opts, &stored)
			opts.OnClose = func(id string) { stored.Delete(id) }
			p := connect(t, opts)
			w := serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20251125)))
			if w.Code != http.StatusInternalServerError {
				t.Fatalf("status %d, want 500: %s", w.Code, w.Body)
			}
			if e := decodeError(t, w); e.Error.Code != protocol.CodeInternalError || string(e.ID) != "1" {
				t.Fatalf("error %d id %s, want -32603 id 1", e.Error.Code, e.ID)
			}
			if h := w.Header().Get(protocol.HeaderSessionID); h != "" {
				t.Fatalf("failed handshake carried %s %q", protocol.HeaderSessionID, h)
			}
			if p.tr.SessionID() != "" {
				t.Fatalf("transport kept session id %q after the rollback", p.tr.SessionID())
			}
			if n := p.closes.Load(); n != 1 {
				t.Fatalf("OnClose ran %d times, want 1", n)
			}
			if id, _ := p.closeID.Load().(string); id == "" {
				t.Fatal("OnClose got no id: the hook's entry cannot be removed")
			}
			stored.Range(func(k, _ any) bool { t.Errorf("entry %v left behind", k); return true })
			p.waitEnded(t)
			goleak.VerifyNone(t, ignore)
		})
	}
}

// With the option off a rolled-back handshake leaves a fresh transport: the
// next initialize succeeds.
func TestRollbackThenRetry(t *testing.T) {
	fail := true
	p := connect(t, streamable.Options{
		SessionIDGenerator: streamable.RandomSessionID,
		OnSessionInitialized: func(context.Context, string) error {
			if fail {
				fail = false
				return errors.New("transient")
			}
			return nil
		},
	})
	if w := serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20250618))); w.Code != 500 {
		t.Fatalf("first initialize: %d", w.Code)
	}
	establish(t, p.tr)
	p.tr.Close()
	p.waitEnded(t)
}

// The server answering initialize with a JSON-RPC error does not establish
// the session: in JSON and SSE mode alike the error is answered as
// application/json with the status of its code and no Mcp-Session-Id, and
// the close rule applies.
func TestServerRefusedInitialize(t *testing.T) {
	for _, jsonMode := range []bool{true, false} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true, JSONResponse: jsonMode})
		w := serve(p.tr, request(http.MethodPost, `{"jsonrpc":"2.0","id":1,"method":"initialize"}`))
		e := decodeError(t, w)
		if want := protocol.StatusForCode(e.Error.Code); w.Code != want || w.Code < 400 {
			t.Fatalf("json=%v: status %d for code %d, want %d: %s", jsonMode, w.Code, e.Error.Code, want, w.Body)
		}
		if string(e.ID) != "1" {
			t.Fatalf("json=%v: error id %s, want 1", jsonMode, e.ID)
		}
		if h := w.Header().Get(protocol.HeaderSessionID); h != "" {
			t.Fatalf("json=%v: refused initialize carried %s %q", jsonMode, protocol.HeaderSessionID, h)
		}
		if n := p.closes.Load(); n != 1 {
			t.Fatalf("json=%v: OnClose ran %d times, want 1", jsonMode, n)
		}
		p.waitEnded(t)
	}
}

// headerWatch is a ResponseWriter that records, under a lock, whether the
// status line went out.
type headerWatch struct {
	*httptest.ResponseRecorder
	mu    sync.Mutex
	wrote bool
}

func (w *headerWatch) WriteHeader(code int) {
	w.mu.Lock()
	w.wrote = true
	w.mu.Unlock()
	w.ResponseRecorder.WriteHeader(code)
}

func (w *headerWatch) Write(b []byte) (int, error) {
	w.mu.Lock()
	w.wrote = true
	w.mu.Unlock()
	return w.ResponseRecorder.Write(b)
}

func (w *headerWatch) started() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.wrote
}

// In SSE mode the initialize's response waits for the server's answer:
// while the server handles initialize (and sends a message on its
// stream), nothing — no Mcp-Session-Id above all — has gone out. The
// answer then starts the stream with the session id, the priming event and
// the held message before the result.
func TestSSEInitializeWaitsForAnswer(t *testing.T) {
	server := newServer()
	var sawStarted atomic.Bool
	var w *headerWatch
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "initialize" {
				sawStarted.Store(w.started())
				ss := req.GetSession().(*mcp.ServerSession)
				ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "init", Progress: 1})
				sawStarted.Store(sawStarted.Load() || w.started())
			}
			return next(ctx, method, req)
		}
	})
	p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true,
		EventStore: streamable.NewMemoryEventStore(0)})
	w = &headerWatch{ResponseRecorder: httptest.NewRecorder()}
	p.tr.ServeHTTP(w, request(http.MethodPost, initBody(1, protocol.Version20251125)))
	if sawStarted.Load() {
		t.Fatal("the initialize response started before the server answered")
	}
	sid := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != http.StatusOK || sid == "" || sid != p.tr.SessionID() {
		t.Fatalf("initialize: %d, session id %q (transport %q)", w.Code, sid, p.tr.SessionID())
	}
	evs := readEvents(t, bufio.NewScanner(strings.NewReader(w.Body.String())), 3)
	if evs[0].data != "" || evs[0].retry == "" || !strings.HasSuffix(evs[0].id, "_0") {
		t.Fatalf("first event %+v, want the priming event", evs[0])
	}
	if progressOf(t, evs[1].data) != 1 || !strings.Contains(evs[2].data, `"result"`) {
		t.Fatalf("events %+v, want the held notification, then the result", evs[1:])
	}
	p.tr.Close()
	p.waitEnded(t)
}

// Concurrent DELETEs close once: one 200, the rest 404, OnClose once, and
// the terminated session answers 404 / -32001.
func TestConcurrentDelete(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
	sid := establish(t, p.tr)
	var wg sync.WaitGroup
	codes := make(chan int, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- serve(p.tr, request(http.MethodDelete, "", withSID(sid)...)).Code
		}()
	}
	wg.Wait()
	close(codes)
	ok := 0
	for c := range codes {
		switch c {
		case http.StatusOK:
			ok++
		case http.StatusNotFound:
		default:
			t.Fatalf("DELETE answered %d", c)
		}
	}
	if ok != 1 {
		t.Fatalf("%d DELETEs answered 200, want 1", ok)
	}
	if n := p.closes.Load(); n != 1 {
		t.Fatalf("OnClose ran %d times, want 1", n)
	}
	if id, _ := p.closeID.Load().(string); id != sid {
		t.Fatalf("OnClose got %q, want %q", id, sid)
	}
	p.waitEnded(t)
	w := serve(p.tr, request(http.MethodPost, listBody(4), withSID(sid)...))
	if e := decodeError(t, w); w.Code != 404 || e.Error.Code != protocol.CodeSessionNotFound {
		t.Fatalf("after DELETE: %d %d", w.Code, e.Error.Code)
	}
}

// Stateless transports never close on refusals, option or not.
func TestStatelessNeverCloses(t *testing.T) {
	p := connect(t, streamable.Options{CloseOnRefusedHandshake: true})
	for _, r := range []*http.Request{request(http.MethodGet, ""), request(http.MethodPost, `{`), request(http.MethodPost, listBody(1), "Accept", "text/html")} {
		if w := serve(p.tr, r); w.Code < 400 {
			t.Fatalf("refusal answered %d", w.Code)
		}
	}
	w := serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20250618)))
	if w.Code != http.StatusOK || w.Header().Get(protocol.HeaderSessionID) != "" {
		t.Fatalf("stateless initialize: %d, session id %q", w.Code, w.Header().Get(protocol.HeaderSessionID))
	}
	if w := serve(p.tr, request(http.MethodPost, listBody(2))); w.Code != http.StatusOK {
		t.Fatalf("stateless tools/list: %d %s", w.Code, w.Body)
	}
	if n := p.closes.Load(); n != 0 {
		t.Fatalf("stateless transport closed on a refusal")
	}
	p.tr.Close()
	p.waitEnded(t)
}

// The headline leak: refused handshakes through a session map leave no
// transport, no map entry and no goroutine behind.
func TestSessionMapRefusalsDoNotLeak(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	h := newSessionMap(newServer(), streamable.Options{})
	for i := 0; i < 100; i++ {
		var r *http.Request
		switch i % 5 {
		case 0:
			r = request(http.MethodPost, initBody(1, protocol.Version20250618), "Accept", "application/json")
		case 1:
			r = request(http.MethodPost, `not json`)
		case 2:
			r = request(http.MethodPost, "["+initBody(1, protocol.Version20250326)+"]")
		case 3:
			r = request(http.MethodGet, "")
		case 4:
			r = request(http.MethodPost, listBody(1))
		}
		if w := serve(h, r); w.Code < 400 {
			t.Fatalf("refusal %d answered %d", i, w.Code)
		}
	}
	sid := establish(t, h)
	if n := h.len(); n != 1 {
		t.Fatalf("map holds %d sessions after 100 refusals and 1 handshake, want 1", n)
	}
	if w := serve(h, request(http.MethodDelete, "", withSID(sid)...)); w.Code != http.StatusOK {
		t.Fatalf("DELETE: %d", w.Code)
	}
	if n := h.len(); n != 0 {
		t.Fatalf("map holds %d sessions after DELETE", n)
	}
	done := make(chan struct{})
	go func() { h.closeAll(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("server sessions did not end")
	}
	goleak.VerifyNone(t, ignore)
	_ = strings.TrimSpace
}
