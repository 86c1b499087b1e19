package streamable_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// errReader is a body whose read fails.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// onLoopback marks r as arrived on a loopback listener, as net/http does.
func onLoopback(r *http.Request) *http.Request {
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

// refusal is one row of the refusal table (docs/protocol.md, "Refusals").
type refusal struct {
	name      string
	opts      func(*streamable.Options)
	establish bool                                    // refuse on an established session
	before    func(t *testing.T, p *pair, sid string) // e.g. close, open a GET stream
	req       func(sid string) *http.Request
	status    int
	code      int64
	id        string            // the error body's id, as JSON
	header    map[string]string // headers the refusal must carry
	contains  string            // in the error message
}

// withSID are the headers of a request inside session sid at 2025-06-18.
func withSID(sid string) []string {
	return []string{protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, protocol.Version20250618}
}

func refusals() []refusal {
	failing := errors.New("store unavailable")
	return []refusal{
		{name: "transport closed", before: func(t *testing.T, p *pair, _ string) { p.tr.Close() },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 404, code: protocol.CodeSessionNotFound, id: "null"},
		{name: "foreign Host on a loopback listener",
			req: func(string) *http.Request {
				r := onLoopback(request(http.MethodPost, initBody(1, protocol.Version20250618)))
				r.Host = "evil.example:8080"
				return r
			},
			status: 403, code: protocol.CodeServerError, id: "null", contains: "Host"},
		{name: "foreign Origin on a loopback listener",
			req: func(string) *http.Request {
				return onLoopback(request(http.MethodPost, initBody(1, protocol.Version20250618), "Origin", "http://evil.example"))
			},
			status: 403, code: protocol.CodeServerError, id: "null", contains: "Origin"},
		{name: "Host outside AllowedHosts", opts: func(o *streamable.Options) { o.AllowedHosts = []string{"mcp.example.com"} },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 403, code: protocol.CodeServerError, id: "null"},
		{name: "Origin outside AllowedOrigins", opts: func(o *streamable.Options) { o.AllowedOrigins = []string{"https://app.example.com"} },
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), "Origin", "https://evil.example")
			},
			status: 403, code: protocol.CodeServerError, id: "null"},
		{name: "method PUT",
			req:    func(string) *http.Request { return request(http.MethodPut, initBody(1, protocol.Version20250618)) },
			status: 405, code: protocol.CodeServerError, id: "null", header: map[string]string{"Allow": "GET, POST, DELETE"}},
		{name: "stateless GET", opts: func(o *streamable.Options) { o.SessionIDGenerator = nil },
			req:    func(string) *http.Request { return request(http.MethodGet, "") },
			status: 405, code: protocol.CodeServerError, id: "null", header: map[string]string{"Allow": "POST"}},
		{name: "stateless DELETE", opts: func(o *streamable.Options) { o.SessionIDGenerator = nil },
			req:    func(string) *http.Request { return request(http.MethodDelete, "") },
			status: 405, code: protocol.CodeServerError, id: "null", header: map[string]string{"Allow": "POST"}},
		{name: "POST Accept lacks text/event-stream",
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), "Accept", "application/json")
			},
			status: 406, code: protocol.CodeServerError, id: "null"},
		{name: "POST Accept text/event-stream refused with q=0",
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), "Accept", "application/json, text/event-stream;q=0")
			},
			status: 406, code: protocol.CodeServerError, id: "null"},
		{name: "POST Content-Type text/plain",
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), "Content-Type", "text/plain")
			},
			status: 415, code: protocol.CodeServerError, id: "null"},
		{name: "POST Content-Type that merely contains application/json",
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), "Content-Type", "text/plain; x=application/json")
			},
			status: 415, code: protocol.CodeServerError, id: "null"},
		{name: "body over the limit (Content-Length)", opts: func(o *streamable.Options) { o.MaxBodyBytes = 32 },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 413, code: protocol.CodeServerError, id: "null"},
		{name: "body over the limit (streamed)", opts: func(o *streamable.Options) { o.MaxBodyBytes = 32 },
			req: func(string) *http.Request {
				r := request(http.MethodPost, "")
				r.Body = io.NopCloser(io.MultiReader(strings.NewReader(initBody(1, protocol.Version20250618))))
				r.ContentLength = -1
				return r
			},
			status: 413, code: protocol.CodeServerError, id: "null"},
		{name: "body unreadable",
			req: func(string) *http.Request {
				r := request(http.MethodPost, "")
				r.Body = io.NopCloser(errReader{})
				return r
			},
			status: 400, code: protocol.CodeServerError, id: "null"},
		{name: "body not JSON",
			req:    func(string) *http.Request { return request(http.MethodPost, `{"jsonrpc":"2.0","id":1,`) },
			status: 400, code: protocol.CodeParseError, id: "null"},
		{name: "empty body",
			req:    func(string) *http.Request { return request(http.MethodPost, "") },
			status: 400, code: protocol.CodeParseError, id: "null"},
		{name: "JSON but not JSON-RPC",
			req:    func(string) *http.Request { return request(http.MethodPost, `{"hello":"world"}`) },
			status: 400, code: protocol.CodeInvalidRequest, id: "null"},
		{name: "empty batch",
			req:    func(string) *http.Request { return request(http.MethodPost, `[]`) },
			status: 400, code: protocol.CodeInvalidRequest, id: "null"},
		{name: "initialize on an initialized transport", establish: true,
			req: func(sid string) *http.Request {
				return request(http.MethodPost, initBody(9, protocol.Version20250618), withSID(sid)...)
			},
			status: 400, code: protocol.CodeInvalidRequest, id: "9"},
		{name: "initialize inside a batch",
			req: func(string) *http.Request {
				return request(http.MethodPost, "["+initBody(1, protocol.Version20250326)+","+listBody(2)+"]")
			},
			status: 400, code: protocol.CodeInvalidRequest, id: "null"},
		{name: "initialize as a notification",
			req: func(string) *http.Request {
				return request(http.MethodPost, `{"jsonrpc":"2.0","method":"initialize","params":{}}`)
			},
			status: 400, code: protocol.CodeInvalidRequest, id: "null"},
		{name: "batch at 2025-06-18", establish: true,
			req: func(sid string) *http.Request {
				return request(http.MethodPost, "["+listBody(2)+","+listBody(3)+"]", withSID(sid)...)
			},
			status: 400, code: protocol.CodeInvalidRequest, id: "null"},
		{name: "non-initialize before initialize",
			req:    func(string) *http.Request { return request(http.MethodPost, listBody(7)) },
			status: 400, code: protocol.CodeServerError, id: "7", contains: "initialize"},
		{name: "no Mcp-Session-Id on a non-initialize request", establish: true,
			req: func(string) *http.Request {
				return request(http.MethodPost, listBody(7), protocol.HeaderProtocolVersion, protocol.Version20250618)
			},
			status: 400, code: protocol.CodeServerError, id: "7", contains: protocol.HeaderSessionID},
		{name: "unknown Mcp-Session-Id", establish: true,
			req: func(string) *http.Request {
				return request(http.MethodPost, listBody(7), withSID("not-this-session")...)
			},
			status: 404, code: protocol.CodeSessionNotFound, id: "7"},
		{name: "Mcp-Session-Id before any session",
			req:    func(string) *http.Request { return request(http.MethodPost, listBody(7), withSID("guessed")...) },
			status: 404, code: protocol.CodeSessionNotFound, id: "7"},
		{name: "unsupported MCP-Protocol-Version", establish: true,
			req: func(sid string) *http.Request {
				return request(http.MethodPost, listBody(7), protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, "1999-01-01")
			},
			status: 400, code: protocol.CodeServerError, id: "7", contains: protocol.Version20251125},
		{name: "MCP-Protocol-Version 2026-07-28 on a sessionful transport",
			req: func(string) *http.Request {
				return request(http.MethodPost, initBody(1, protocol.Version20250618), protocol.HeaderProtocolVersion, protocol.Version20260728)
			},
			status: 400, code: protocol.CodeServerError, id: "1", contains: protocol.Version20250326},
		{name: "_meta claims 2026-07-28 on a sessionful transport",
			req: func(string) *http.Request {
				return request(http.MethodPost, `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`)
			},
			status: 400, code: protocol.CodeUnsupportedProtocolVersion, id: "3"},
		{name: "GET Accept lacks text/event-stream", establish: true,
			req: func(sid string) *http.Request {
				return request(http.MethodGet, "", append(withSID(sid), "Accept", "application/json")...)
			},
			status: 406, code: protocol.CodeServerError, id: "null"},
		{name: "GET before any session",
			req:    func(string) *http.Request { return request(http.MethodGet, "") },
			status: 400, code: protocol.CodeServerError, id: "null"},
		{name: "GET without Mcp-Session-Id", establish: true,
			req:    func(string) *http.Request { return request(http.MethodGet, "") },
			status: 400, code: protocol.CodeServerError, id: "null"},
		{name: "GET with an unknown Mcp-Session-Id", establish: true,
			req:    func(string) *http.Request { return request(http.MethodGet, "", withSID("nope")...) },
			status: 404, code: protocol.CodeSessionNotFound, id: "null"},
		{name: "GET with a malformed Last-Event-ID", establish: true,
			opts: func(o *streamable.Options) { o.EventStore = streamable.NewMemoryEventStore(0) },
			req: func(sid string) *http.Request {
				return request(http.MethodGet, "", append(withSID(sid), protocol.HeaderLastEventID, "garbage")...)
			},
			status: 400, code: protocol.CodeServerError, id: "null"},
		{name: "GET resuming a stream the event store does not have", establish: true,
			opts: func(o *streamable.Options) { o.EventStore = streamable.NewMemoryEventStore(0) },
			req: func(sid string) *http.Request {
				return request(http.MethodGet, "", append(withSID(sid), protocol.HeaderLastEventID, "zz_3")...)
			},
			status: 400, code: protocol.CodeServerError, id: "null", contains: "zz_3"},
		{name: "GET resuming from an event store that panics", establish: true,
			opts: func(o *streamable.Options) { o.EventStore = panicOnAfter{streamable.NewMemoryEventStore(0)} },
			req: func(sid string) *http.Request {
				return request(http.MethodGet, "", append(withSID(sid), protocol.HeaderLastEventID, "_0")...)
			},
			status: 500, code: protocol.CodeInternalError, id: "null"},
		{name: "second standalone GET stream", establish: true,
			before: openGET,
			req:    func(sid string) *http.Request { return request(http.MethodGet, "", withSID(sid)...) },
			status: 409, code: protocol.CodeServerError, id: "null"},
		{name: "DELETE before any session",
			req:    func(string) *http.Request { return request(http.MethodDelete, "") },
			status: 400, code: protocol.CodeServerError, id: "null"},
		{name: "DELETE with an unknown Mcp-Session-Id", establish: true,
			req:    func(string) *http.Request { return request(http.MethodDelete, "", withSID("nope")...) },
			status: 404, code: protocol.CodeSessionNotFound, id: "null"},
		{name: "session id generator fails",
			opts:   func(o *streamable.Options) { o.SessionIDGenerator = func() (string, error) { return "", failing } },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "session id generator panics",
			opts:   func(o *streamable.Options) { o.SessionIDGenerator = func() (string, error) { panic("boom") } },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "session id generator returns a non-ASCII id",
			opts:   func(o *streamable.Options) { o.SessionIDGenerator = func() (string, error) { return "sé ssion", nil } },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "OnSessionInitialized fails",
			opts: func(o *streamable.Options) {
				o.OnSessionInitialized = func(context.Context, string) error { return failing }
			},
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "OnSessionInitialized panics",
			opts: func(o *streamable.Options) {
				o.OnSessionInitialized = func(context.Context, string) error { panic("boom") }
			},
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20250618)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "event store fails to store the priming event",
			opts:   func(o *streamable.Options) { o.EventStore = failingStore{err: failing} },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20251125)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
		{name: "event store panics",
			opts:   func(o *streamable.Options) { o.EventStore = failingStore{panics: true} },
			req:    func(string) *http.Request { return request(http.MethodPost, initBody(1, protocol.Version20251125)) },
			status: 500, code: protocol.CodeInternalError, id: "1"},
	}
}

// openGET opens the standalone stream of session sid and returns once its
// headers are out; the stream ends with the test.
func openGET(t *testing.T, p *pair, sid string) {
	ctx, cancel := context.WithCancel(context.Background())
	w := &signalWriter{ResponseRecorder: httptest.NewRecorder(), wrote: make(chan struct{})}
	r := request(http.MethodGet, "", protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, protocol.Version20250618).WithContext(ctx)
	done := make(chan struct{})
	go func() { p.tr.ServeHTTP(w, r); close(done) }()
	<-w.wrote
	t.Cleanup(func() { cancel(); <-done })
}

// signalWriter reports its first write.
type signalWriter struct {
	*httptest.ResponseRecorder
	once  bool
	wrote chan struct{}
}

func (w *signalWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseRecorder.Write(b)
	if !w.once {
		w.once = true
		close(w.wrote)
	}
	return n, err
}

func TestRefusalTable(t *testing.T) {
	for _, row := range refusals() {
		t.Run(row.name, func(t *testing.T) {
			ignore := goleak.IgnoreCurrent()
			opts := streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true}
			if row.opts != nil {
				row.opts(&opts)
			}
			p := connect(t, opts)
			sid := ""
			if row.establish {
				sid = establish(t, p.tr)
			}
			if row.before != nil {
				row.before(t, p, sid)
			}
			closesBefore := p.closes.Load()

			w := serve(p.tr, row.req(sid))
			if w.Code != row.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, row.status, w.Body)
			}
			e := decodeError(t, w)
			if e.Error.Code != row.code {
				t.Errorf("code %d, want %d (%s)", e.Error.Code, row.code, e.Error.Message)
			}
			if string(e.ID) != row.id {
				t.Errorf("id %s, want %s", e.ID, row.id)
			}
			if !strings.Contains(e.Error.Message, row.contains) {
				t.Errorf("message %q lacks %q", e.Error.Message, row.contains)
			}
			for k, v := range row.header {
				if got := w.Header().Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
			if body := w.Body.String(); strings.Contains(body, "boom") || strings.Contains(body, "event store") {
				t.Errorf("refusal leaked a server-side cause: %s", body)
			}
			if row.code == protocol.CodeInternalError && w.Header().Get(protocol.HeaderSessionID) != "" {
				t.Errorf("failed handshake answered with %s", protocol.HeaderSessionID)
			}
			if w.Code == 400 && row.code == protocol.CodeServerError && strings.Contains(row.name, "MCP-Protocol-Version") {
				var data protocol.UnsupportedVersionData
				if err := json.Unmarshal(e.Error.Data, &data); err != nil || len(data.Supported) != len(protocol.SessionVersions) {
					t.Errorf("unsupported-version data %s does not list the supported versions", e.Error.Data)
				}
			}

			// The close rule: a refusal ends a transport whose handshake is
			// not established (stateless ones excepted), never an
			// established session.
			wantClose := !row.establish && opts.SessionIDGenerator != nil && row.before == nil
			switch {
			case wantClose:
				if n := p.closes.Load(); n != 1 {
					t.Fatalf("OnClose ran %d times, want 1", n)
				}
				p.waitEnded(t)
			default:
				if n := p.closes.Load(); n != closesBefore {
					t.Fatalf("OnClose ran on a refusal that must not close (%d → %d)", closesBefore, n)
				}
				if row.establish {
					w := serve(p.tr, request(http.MethodPost, listBody(50), withSID(sid)...))
					if w.Code != http.StatusOK {
						t.Fatalf("established session stopped serving after the refusal: %d %s", w.Code, w.Body)
					}
				}
				p.tr.Close()
				p.waitEnded(t)
				if n := p.closes.Load(); n != 1 {
					t.Fatalf("OnClose ran %d times in all, want 1", n)
				}
			}
			goleak.VerifyNone(t, ignore)
		})
	}
}
