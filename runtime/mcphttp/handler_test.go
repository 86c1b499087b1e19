package mcphttp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/mcphttp/mcphttptest"
	sessionstore "github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every kind of refused handshake leaves no session and no goroutine behind.
func TestRefusedHandshakesLeaveNothing(t *testing.T) {
	h, url := serve(t, mcphttp.Options{})
	before := runtime.NumGoroutine()
	cases := []struct {
		name   string
		header map[string]string
		body   string
		status int
	}{
		{"bad Accept", map[string]string{"Accept": "text/plain"}, initialize, http.StatusNotAcceptable},
		{"bad Content-Type", map[string]string{"Content-Type": "text/plain"}, initialize, http.StatusUnsupportedMediaType},
		{"foreign Host (DNS rebinding)", map[string]string{"Host": "evil.example:80"}, initialize, http.StatusForbidden},
		{"unsupported protocol version", map[string]string{"Mcp-Protocol-Version": "1999-01-01"}, initialize, http.StatusBadRequest},
		{"invalid JSON", nil, "{\"jsonrpc\":", http.StatusBadRequest},
		{"batch initialize", nil, "[" + initialize + "]", http.StatusBadRequest},
		{"non-initialize without session", nil, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", http.StatusBadRequest},
	}
	for _, c := range cases {
		for range 10 {
			resp, body := post(t, url, c.header, c.body)
			if resp.StatusCode != c.status {
				t.Fatalf("%s: status %d, want %d; body %s", c.name, resp.StatusCode, c.status, body)
			}
			if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
				t.Fatalf("%s: refused handshake answered with Mcp-Session-Id %q", c.name, id)
			}
		}
	}
	eventually(t, "no sessions and the goroutines back to the baseline", func() bool {
		return h.Stats().OpenSessions == 0 && runtime.NumGoroutine() <= before
	})
	if st := h.Stats(); st.HandshakesAccepted != 0 || st.HandshakesRefused == 0 {
		t.Errorf("Stats() = %+v, want no accepted handshakes and some refused", st)
	}
}

// A handshake the transport would refuse before its server has a say is
// refused before one is built: newServer does not run for it.
func TestCheapRefusalsBuildNoServer(t *testing.T) {
	var made atomic.Int32
	h := mcphttp.NewHandler(func() *mcp.Server {
		made.Add(1)
		return mcphttptest.EchoServer()
	}, mcphttp.Options{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	before := made.Load()
	cases := []struct {
		name   string
		header map[string]string
		body   string
		status int
	}{
		{"bad Accept", map[string]string{"Accept": "text/plain"}, initialize, http.StatusNotAcceptable},
		{"bad Content-Type", map[string]string{"Content-Type": "text/plain"}, initialize, http.StatusUnsupportedMediaType},
		{"foreign Host", map[string]string{"Host": "evil.example:80"}, initialize, http.StatusForbidden},
		{"foreign Origin", map[string]string{"Origin": "http://evil.example"}, initialize, http.StatusForbidden},
		{"unknown protocol version", map[string]string{"Mcp-Protocol-Version": "1999-01-01"}, initialize, http.StatusBadRequest},
		{"protocol version not served", map[string]string{"Mcp-Protocol-Version": "2024-11-05"}, initialize, http.StatusBadRequest},
		{"sessionless version on initialize", map[string]string{"Mcp-Protocol-Version": "2026-07-28"}, initialize, http.StatusBadRequest},
		{"initialize without an id", nil, "{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"params\":{}}", http.StatusBadRequest},
		{"initialize params of the wrong type", nil, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":5}}", http.StatusBadRequest},
	}
	for _, c := range cases {
		resp, body := post(t, srv.URL, c.header, c.body)
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d; body %s", c.name, resp.StatusCode, c.status, body)
		}
		if n := made.Load() - before; n != 0 {
			t.Errorf("%s: refused after newServer ran %d times", c.name, n)
		}
		before = made.Load()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
	}
}

// An unknown session id is answered 404 / -32001, which tells a client to
// start a new session.
func TestUnknownSession(t *testing.T) {
	_, url := serve(t, mcphttp.Options{})
	resp, body := post(t, url, map[string]string{
		"Mcp-Protocol-Version": "2025-11-25",
		"Mcp-Session-Id":       "no-such-session",
	}, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}")
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d, want 404; body %s", resp.StatusCode, body)
	}
	var msg struct {
		Error struct {
			Code int64
		} `json:"error"`
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		t.Fatalf("body %s: %v", body, err)
	}
	if msg.Error.Code != -32001 || msg.ID != 7 {
		t.Errorf("body %s, want code -32001 and id 7", body)
	}
}

// A session-era client gets a session, and its DELETE closes it.
func TestSessionClient(t *testing.T) {
	h, url := serve(t, mcphttp.Options{})
	cs := connect(t, url, "2025-11-25", nil)
	if cs.ID() == "" {
		t.Fatalf("a 2025-11-25 client got no session id")
	}
	mcphttptest.CallEcho(t, cs)
	eventually(t, "one open session from one handshake", func() bool {
		st := h.Stats()
		return st.OpenSessions == 1 && st.HandshakesAccepted == 1
	})
	if err := cs.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	eventually(t, "the session to close by DELETE", func() bool {
		st := h.Stats()
		return st.OpenSessions == 0 && st.ClosedByDelete == 1
	})
}

// A server per session by default; with SharedServer one server, made once,
// serves every session.
func TestSharedServer(t *testing.T) {
	for _, tc := range []struct {
		mode   mcphttp.Mode
		shared bool
		want   int32
	}{
		// Hybrid makes one more up front, for the stateless leg, which
		// SharedServer shares with the sessions.
		{mcphttp.Hybrid, false, 4},
		{mcphttp.Hybrid, true, 1},
		{mcphttp.Legacy, false, 3},
		{mcphttp.Legacy, true, 1},
	} {
		var made atomic.Int32
		h := mcphttp.NewHandler(func() *mcp.Server {
			made.Add(1)
			return mcphttptest.EchoServer()
		}, mcphttp.Options{Mode: tc.mode, SharedServer: tc.shared})
		srv := httptest.NewServer(h)
		for range 3 {
			cs := connect(t, srv.URL, "2025-11-25", nil)
			mcphttptest.CallEcho(t, cs)
			cs.Close()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := h.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		cancel()
		srv.Close()
		if n := made.Load(); n != tc.want {
			t.Errorf("%v, SharedServer %v: newServer ran %d times for 3 sessions, want %d", tc.mode, tc.shared, n, tc.want)
		}
	}
}

// Shutdown closes every session and refuses what comes after it.
func TestShutdownClosesAll(t *testing.T) {
	h, url := serve(t, mcphttp.Options{})
	for range 3 {
		cs := connect(t, url, "2025-11-25", nil)
		t.Cleanup(func() {
			cs.Close()
		})
	}
	if n := h.Stats().OpenSessions; n != 3 {
		t.Fatalf("%d open sessions, want 3", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if st := h.Stats(); st.OpenSessions != 0 || st.ClosedByShutdown != 3 {
		t.Errorf("after Shutdown, Stats() = %+v, want 0 open and 3 closed by shutdown", st)
	}
	resp, _ := post(t, url, nil, initialize)
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("initialize after Shutdown: status %d, want 503", resp.StatusCode)
	}
}

// A session outlives its node: established on one handler with a NodeID, it
// is resumed from the shared SessionStore by another once the first has shut
// down (a rolling restart), with no new initialize and the same id; its GET
// stream, resumed with a Last-Event-ID the new node never issued, goes on; its
// DELETE removes the stored record.
func TestResumesFromSessionStore(t *testing.T) {
	store := sessionstore.NewMemory(0)
	node := func(id string) *mcphttp.Handler {
		return mcphttp.NewHandler(mcphttptest.EchoServer, mcphttp.Options{
			EventStore:   streamable.NewMemoryEventStore(0),
			NodeID:       id,
			SessionStore: store,
		})
	}
	h1, h2 := node("n1"), node("n2")
	var current atomic.Pointer[mcphttp.Handler]
	current.Store(h1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current.Load().ServeHTTP(w, r)
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	defer srv.Close()
	defer h2.Shutdown(ctx)
	cs := connect(t, srv.URL, "2025-11-25", nil)
	id := cs.ID()
	if !strings.HasPrefix(id, "n1.") {
		t.Fatalf("session id %q does not carry node n1", id)
	}
	mcphttptest.CallEcho(t, cs)
	current.Store(h2)
	if err := h1.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	mcphttptest.CallEcho(t, cs)
	if st := h2.Stats(); cs.ID() != id || st.SessionsResumed != 1 || st.HandshakesAccepted != 0 {
		t.Fatalf("session %q → %q, second node's Stats() = %+v: want the same session, resumed once, no handshake", id, cs.ID(), st)
	}
	// The GET stream moved too: a call after the client's reconnection delay
	// still works.
	time.Sleep(1500 * time.Millisecond)
	mcphttptest.CallEcho(t, cs)
	if err := cs.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	eventually(t, "the DELETE to remove the stored session", func() bool {
		_, ok, _ := store.Get(context.Background(), id)
		return !ok && h2.Stats().ClosedByDelete == 1
	})
}

// A handshake beyond MaxSessions is refused 503 with Retry-After.
func TestMaxSessions(t *testing.T) {
	h, url := serve(t, mcphttp.Options{MaxSessions: 1})
	cs := connect(t, url, "2025-11-25", nil)
	defer cs.Close()
	resp, body := post(t, url, nil, initialize)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q, want 503 with Retry-After; body %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if n := h.Stats().OpenSessions; n != 1 {
		t.Errorf("%d open sessions, want 1", n)
	}
}

// IdleTimeout closes a session nobody uses, and its id is then unknown.
func TestIdleTimeout(t *testing.T) {
	h, url := serve(t, mcphttp.Options{
		IdleTimeout:  50 * time.Millisecond,
		JSONResponse: true,
	})
	resp, body := post(t, url, nil, initialize)
	id := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("initialize: status %d, session %q; body %s", resp.StatusCode, id, body)
	}
	eventually(t, "the idle session to close", func() bool {
		st := h.Stats()
		return st.OpenSessions == 0 && st.ClosedByIdle == 1
	})
	resp, body = post(t, url, map[string]string{
		"Mcp-Protocol-Version": "2025-11-25",
		"Mcp-Session-Id":       id,
	}, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("request on the closed session: status %d, want 404; body %s", resp.StatusCode, body)
	}
}

// A 2026-07-28 client is served statelessly, in Hybrid and Modern mode: no
// Mcp-Session-Id is ever sent and no session is kept.
func TestModernClientHasNoSession(t *testing.T) {
	for _, mode := range []mcphttp.Mode{mcphttp.Hybrid, mcphttp.Modern} {
		t.Run(mode.String(), func(t *testing.T) {
			h, url := serve(t, mcphttp.Options{Mode: mode})
			rec := &sessionRecorder{}
			cs := connect(t, url, "2026-07-28", rec)
			if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
				t.Fatalf("negotiated %q, want 2026-07-28", v)
			}
			mcphttptest.CallEcho(t, cs)
			if err := cs.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if ids := rec.seen(); len(ids) != 0 {
				t.Errorf("the server sent Mcp-Session-Id %q to a 2026-07-28 client", ids)
			}
			if n := h.Stats().OpenSessions; n != 0 {
				t.Errorf("%d open sessions, want 0", n)
			}
		})
	}
}

// A 2026-07-28 request is served even when it carries an Mcp-Session-Id,
// which is ignored and never echoed; GET and DELETE are 405 at that revision.
func TestModernRequestIgnoresSessionID(t *testing.T) {
	h, url := serve(t, mcphttp.Options{})
	resp, body := post(t, url, map[string]string{
		"Mcp-Method":           "tools/list",
		"Mcp-Protocol-Version": "2026-07-28",
		"Mcp-Session-Id":       "volunteered-by-the-client",
	}, modernList)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "\"echo\"") {
		t.Fatalf("status %d, body %s; want 200 listing the echo tool", resp.StatusCode, body)
	}
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		t.Errorf("a 2026-07-28 response carries Mcp-Session-Id %q", id)
	}
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		if status := status(t, method, url, "2026-07-28"); status != http.StatusMethodNotAllowed {
			t.Errorf("%s (MCP-Protocol-Version %q): status %d, want 405", method, "2026-07-28", status)
		}
	}
	if n := h.Stats().OpenSessions; n != 0 {
		t.Errorf("%d open sessions, want 0", n)
	}
}

// A 2026-07-28 request whose Accept or Content-Type the endpoint cannot
// serve is refused 406 or 415 with a JSON-RPC error body (-32000), as on
// the session era, not in go-sdk's plain text.
func TestModernBadMediaTypes(t *testing.T) {
	_, url := serve(t, mcphttp.Options{})
	cases := []struct {
		name   string
		header map[string]string
		status int
	}{
		{"Accept text/html", map[string]string{"Accept": "text/html"}, http.StatusNotAcceptable},
		{"Accept without an event stream", map[string]string{"Accept": "application/json"}, http.StatusNotAcceptable},
		{"Accept refusing the event stream (q=0)", map[string]string{"Accept": "application/json, text/event-stream;q=0"}, http.StatusNotAcceptable},
		{"Content-Type text/plain", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
	}
	for _, c := range cases {
		c.header["Mcp-Protocol-Version"] = "2026-07-28"
		c.header["Mcp-Method"] = "tools/list"
		resp, body := post(t, url, c.header, modernList)
		var msg struct {
			Error struct {
				Code int64
			} `json:"error"`
		}
		err := json.Unmarshal(body, &msg)
		if resp.StatusCode != c.status || resp.Header.Get("Content-Type") != "application/json" || err != nil || msg.Error.Code != -32000 {
			t.Errorf("%s: status %d, Content-Type %q, body %s; want %d with a JSON-RPC error -32000", c.name, resp.StatusCode, resp.Header.Get("Content-Type"), body, c.status)
		}
	}
}

// A client that probes for 2026-07-28 is refused in a way that makes it
// fall back to initialize, and then gets a session.
func TestModernClientFallsBack(t *testing.T) {
	h, url := serve(t, mcphttp.Options{Mode: mcphttp.Legacy})
	cs := connect(t, url, "2026-07-28", nil)
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" || cs.ID() == "" {
		t.Fatalf("negotiated %q with session %q, want 2025-11-25 with a session", v, cs.ID())
	}
	mcphttptest.CallEcho(t, cs)
	if n := h.Stats().OpenSessions; n != 1 {
		t.Errorf("%d open sessions, want 1", n)
	}
}

// A session-era client is served too, statelessly: no session id, and
// GET and DELETE are 405.
func TestLegacyClientIsStateless(t *testing.T) {
	_, url := serve(t, mcphttp.Options{Mode: mcphttp.Modern})
	rec := &sessionRecorder{}
	cs := connect(t, url, "2025-11-25", rec)
	mcphttptest.CallEcho(t, cs)
	cs.Close()
	if ids := rec.seen(); len(ids) != 0 {
		t.Errorf("the server sent Mcp-Session-Id %q", ids)
	}
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		if status := status(t, method, url, ""); status != http.StatusMethodNotAllowed {
			t.Errorf("%s (MCP-Protocol-Version %q): status %d, want 405", method, "", status)
		}
	}
}
