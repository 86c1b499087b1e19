package refusal_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/analyzers/internal/refusal"
	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The runtime tested against the table: each case puts the real handler
// (runtime/mcphttp, on a loopback listener) in a row's condition and wants
// the row's status, header, code and message.

const (
	initBody    = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"table","version":"v0"}}}`
	listBody    = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	modernClaim = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"table","version":"v0"}}}}`
	badClaim    = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":7}}}`
)

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "table", Version: "v0"}, nil)
}

var client = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 20 * time.Second}

// endpoint is a handler on a loopback listener.
type endpoint struct {
	t   *testing.T
	h   *mcphttp.Handler
	url string
}

func start(t *testing.T, opts mcphttp.Options) *endpoint {
	t.Helper()
	opts.JSONResponse = true
	if opts.Principal == nil {
		opts.Principal = func(r *http.Request) string { return r.Header.Get("X-Test-User") }
	}
	h := mcphttp.NewHandler(newServer, opts)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		srv.Close()
	})
	return &endpoint{t, h, srv.URL}
}

// request is one HTTP request of a case: a POST with a client's usual
// headers unless Method says otherwise; a header whose value is "" is
// removed.
type request struct {
	method string
	header map[string]string
	body   string
}

func (e *endpoint) do(q request) *http.Response {
	e.t.Helper()
	method := q.method
	if method == "" {
		method = http.MethodPost
	}
	req, err := http.NewRequest(method, e.url, strings.NewReader(q.body))
	if err != nil {
		e.t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
	} else {
		req.Header.Set("Accept", "text/event-stream")
	}
	for k, v := range q.header {
		switch {
		case k == "Host":
			req.Host = v
		case v == "":
			req.Header.Del(k)
		default:
			req.Header.Set(k, v)
		}
	}
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatalf("%s: %v", method, err)
	}
	return resp
}

// session opens a session for user and returns its id.
func (e *endpoint) session(user string) string {
	e.t.Helper()
	resp := e.do(request{header: map[string]string{"X-Test-User": user}, body: initBody})
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	id := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || id == "" {
		e.t.Fatalf("initialize: %d, session id %q", resp.StatusCode, id)
	}
	note := e.do(request{header: map[string]string{"X-Test-User": user, "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25"},
		body: `{"jsonrpc":"2.0","method":"notifications/initialized"}`})
	note.Body.Close()
	return id
}

// stream opens the session's standalone GET stream and keeps it open until
// the test ends.
func (e *endpoint) stream(id string) {
	e.t.Helper()
	resp := e.do(request{method: http.MethodGet, header: map[string]string{"Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25"}})
	if resp.StatusCode != 200 {
		e.t.Fatalf("GET stream: %d", resp.StatusCode)
	}
	e.t.Cleanup(func() { resp.Body.Close() })
}

func sessionHeader(id string) map[string]string {
	return map[string]string{"Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25"}
}

// tableCase drives one row: it returns the response to judge.
type tableCase struct {
	row, name string
	opts      mcphttp.Options
	run       func(e *endpoint) *http.Response
}

func simple(q request) func(e *endpoint) *http.Response {
	return func(e *endpoint) *http.Response { return e.do(q) }
}

var tableCases = []tableCase{
	{row: "host-origin", name: "foreign Host", run: simple(request{header: map[string]string{"Host": "evil.example"}, body: initBody})},
	{row: "host-origin", name: "foreign Origin", run: simple(request{header: map[string]string{"Origin": "http://evil.example"}, body: initBody})},
	{row: "method", name: "PUT", run: simple(request{method: http.MethodPut, body: initBody})},
	{row: "modern-get-delete", name: "GET at 2026-07-28", run: simple(request{method: http.MethodGet, header: map[string]string{"MCP-Protocol-Version": "2026-07-28"}})},
	{row: "modern-get-delete", name: "DELETE at 2026-07-28 with a session id", run: simple(request{method: http.MethodDelete, header: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Session-Id": "x"}})},
	{row: "stateless-get-delete", name: "GET", opts: mcphttp.Options{Mode: mcphttp.Modern}, run: simple(request{method: http.MethodGet})},
	{row: "stateless-get-delete", name: "DELETE", opts: mcphttp.Options{Mode: mcphttp.Modern}, run: simple(request{method: http.MethodDelete})},
	{row: "accept", name: "Accept text/plain", run: simple(request{header: map[string]string{"Accept": "text/plain"}, body: initBody})},
	{row: "content-type", name: "Content-Type text/plain", run: simple(request{header: map[string]string{"Content-Type": "text/plain"}, body: initBody})},
	{row: refusal.BodyTooLarge, name: "2 KiB over a 1 KiB limit", opts: mcphttp.Options{MaxBodyBytes: 1024},
		run: simple(request{body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"` + strings.Repeat("a", 2048) + `"}}`})},
	{row: refusal.BodyUnreadable, name: "broken chunking", run: brokenChunks},
	{row: refusal.NotJSON, name: "not JSON", run: simple(request{body: `{"jsonrpc":`})},
	{row: refusal.NotJSON, name: "trailing data", run: simple(request{body: initBody + `{}`})},
	{row: refusal.NotJSONRPC, name: "jsonrpc 1.0", run: simple(request{body: `{"jsonrpc":"1.0","id":1,"method":"initialize"}`})},
	{row: refusal.NotJSONRPC, name: "no method, no result", run: simple(request{body: `{"jsonrpc":"2.0","id":1}`})},
	{row: "bad-batch", name: "empty batch", run: simple(request{body: `[]`})},
	{row: "bad-batch", name: "a number in a batch", run: simple(request{body: `[1]`})},
	{row: "batch-version", name: "batch on a 2025-11-25 session", run: func(e *endpoint) *http.Response {
		return e.do(request{header: sessionHeader(e.session("")), body: "[" + listBody + "]"})
	}},
	{row: "initialize-shape", name: "initialize in a batch", run: simple(request{body: "[" + initBody + "]"})},
	{row: "initialize-shape", name: "initialize without an id", run: simple(request{body: `{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"table","version":"v0"}}}`})},
	{row: "initialize-shape", name: "second initialize", run: func(e *endpoint) *http.Response {
		return e.do(request{header: sessionHeader(e.session("")), body: initBody})
	}},
	{row: "initialize-params", name: "params an array", run: simple(request{body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":[]}`})},
	{row: "modern-claim", name: "2026-07-28 claim, Legacy mode", opts: mcphttp.Options{Mode: mcphttp.Legacy},
		run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}, body: modernClaim})},
	{row: "modern-claim-malformed", name: "claim a number", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}, body: badClaim})},
	{row: "modern-header-mismatch", name: "claim without the header", run: simple(request{header: map[string]string{"Mcp-Method": "tools/list"}, body: modernClaim})},
	{row: "modern-header-mismatch", name: "header 2025-11-25, claim 2026-07-28", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2025-11-25", "Mcp-Method": "tools/list"}, body: modernClaim})},
	{row: "modern-header-mismatch", name: "Mcp-Method tools/call, body tools/list", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call"}, body: modernClaim})},
	{row: "modern-initialize", name: "initialize, header 2026-07-28", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2026-07-28"}, body: initBody})},
	{row: "modern-unserved", name: "claim 2099-01-01", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "tools/list"},
		body: strings.Replace(modernClaim, "2026-07-28", "2099-01-01", 1)})},
	{row: "modern-claim-missing", name: "header 2026-07-28, no claim", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}, body: listBody})},
	{row: "modern-batch", name: "a claim in a batch", run: simple(request{body: "[" + modernClaim + "]"})},
	{row: refusal.SessionMissing, name: "POST tools/list", run: simple(request{body: listBody})},
	{row: refusal.SessionMissing, name: "GET", run: simple(request{method: http.MethodGet})},
	{row: refusal.SessionMissing, name: "DELETE", run: simple(request{method: http.MethodDelete})},
	{row: refusal.SessionUnknown, name: "POST unknown id", run: simple(request{header: sessionHeader("no-such-session"), body: listBody})},
	{row: refusal.SessionUnknown, name: "GET unknown id", run: simple(request{method: http.MethodGet, header: sessionHeader("no-such-session")})},
	{row: refusal.SessionUnknown, name: "DELETE unknown id", run: simple(request{method: http.MethodDelete, header: sessionHeader("no-such-session")})},
	{row: refusal.SessionUnknown, name: "POST after DELETE", run: func(e *endpoint) *http.Response {
		id := e.session("")
		del := e.do(request{method: http.MethodDelete, header: sessionHeader(id)})
		del.Body.Close()
		if del.StatusCode >= 300 {
			e.t.Fatalf("DELETE: %d", del.StatusCode)
		}
		return e.do(request{header: sessionHeader(id), body: listBody})
	}},
	{row: refusal.SessionForbidden, name: "POST by another user", run: ownedBy(http.MethodPost, "bob")},
	{row: refusal.SessionForbidden, name: "GET by another user", run: ownedBy(http.MethodGet, "bob")},
	{row: refusal.SessionForbidden, name: "DELETE by nobody", run: ownedBy(http.MethodDelete, "")},
	{row: "version-unsupported", name: "initialize, header 1999-01-01", run: simple(request{header: map[string]string{"MCP-Protocol-Version": "1999-01-01"}, body: initBody})},
	{row: "version-unsupported", name: "on a session", run: func(e *endpoint) *http.Response {
		return e.do(request{header: map[string]string{"Mcp-Session-Id": e.session(""), "MCP-Protocol-Version": "1999-01-01"}, body: listBody})
	}},
	{row: "get-accept", name: "GET Accept application/json", run: func(e *endpoint) *http.Response {
		h := sessionHeader(e.session(""))
		h["Accept"] = "application/json"
		return e.do(request{method: http.MethodGet, header: h})
	}},
	{row: "stream-conflict", name: "second GET stream", run: func(e *endpoint) *http.Response {
		id := e.session("")
		e.stream(id)
		return e.do(request{method: http.MethodGet, header: sessionHeader(id)})
	}},
	{row: "too-many-streams", name: "a POST beside the GET stream, MaxStreams 1", opts: mcphttp.Options{MaxStreams: 1}, run: func(e *endpoint) *http.Response {
		id := e.session("")
		e.stream(id)
		return e.do(request{header: sessionHeader(id), body: listBody})
	}},
	{row: "last-event-id", name: "malformed Last-Event-ID", opts: mcphttp.Options{EventStore: streamable.NewMemoryEventStore(0)}, run: func(e *endpoint) *http.Response {
		h := sessionHeader(e.session(""))
		h["Last-Event-ID"] = "garbage"
		return e.do(request{method: http.MethodGet, header: h})
	}},
	{row: "last-event-id", name: "a stream the event store does not have", opts: mcphttp.Options{EventStore: streamable.NewMemoryEventStore(0)}, run: func(e *endpoint) *http.Response {
		h := sessionHeader(e.session(""))
		h["Last-Event-ID"] = "zz_3"
		return e.do(request{method: http.MethodGet, header: h})
	}},
	{row: "store-unavailable", name: "resume with the store down", opts: mcphttp.Options{SessionStore: downStore{sessionstore.NewMemory(0)}},
		run: simple(request{header: sessionHeader("n2.elsewhere"), body: listBody})},
	{row: "store-record-unreadable", name: "garbled record", opts: mcphttp.Options{SessionStore: garbledStore()},
		run: simple(request{header: sessionHeader("n2.garbled"), body: listBody})},
	{row: refusal.ServerFailure, name: "event store panics on replay", opts: mcphttp.Options{EventStore: panicOnAfter{streamable.NewMemoryEventStore(0)}}, run: func(e *endpoint) *http.Response {
		h := sessionHeader(e.session(""))
		h["Last-Event-ID"] = "_0"
		return e.do(request{method: http.MethodGet, header: h})
	}},
	{row: "unavailable", name: "full session table", opts: mcphttp.Options{MaxSessions: 1}, run: func(e *endpoint) *http.Response {
		e.session("")
		return e.do(request{body: initBody})
	}},
	{row: "unavailable", name: "shutting down", run: func(e *endpoint) *http.Response {
		if err := e.h.Shutdown(context.Background()); err != nil {
			e.t.Fatal(err)
		}
		return e.do(request{body: initBody})
	}},
}

// downStore is a session store that does not answer a claim.
type downStore struct{ *sessionstore.Memory }

func (downStore) Claim(context.Context, string, string, string, time.Duration) (sessionstore.Record, bool, error) {
	return sessionstore.Record{}, false, errors.New("store down")
}

// garbledStore holds one record, n2.garbled, that cannot be read.
func garbledStore() sessionstore.Store {
	m := sessionstore.NewMemory(0)
	m.PutRaw("n2.garbled", []byte(`{"v":1,"state":`), "", 1, time.Hour)
	return m
}

// panicOnAfter is an event store whose replay panics.
type panicOnAfter struct{ *streamable.MemoryEventStore }

func (panicOnAfter) After(context.Context, string, string, int) iter.Seq2[[]byte, error] {
	panic("event store fails")
}

// ownedBy opens a session as alice and sends method on it as user.
func ownedBy(method, user string) func(e *endpoint) *http.Response {
	return func(e *endpoint) *http.Response {
		h := sessionHeader(e.session("alice"))
		if user != "" {
			h["X-Test-User"] = user
		}
		q := request{method: method, header: h}
		if method == http.MethodPost {
			q.body = listBody
		}
		return e.do(q)
	}
}

// brokenChunks sends a POST whose chunked body breaks off with a chunk size
// that is not hexadecimal.
func brokenChunks(e *endpoint) *http.Response {
	addr := strings.TrimPrefix(e.url, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"jso\r\nzz\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp
}

// TestRuntimeAnswersTable drives each row the handler can produce.
func TestRuntimeAnswersTable(t *testing.T) {
	driven := map[string]bool{}
	for _, c := range tableCases {
		row, ok := refusal.Lookup(c.row)
		if !ok {
			t.Errorf("case %q: no row %q", c.name, c.row)
			continue
		}
		driven[c.row] = true
		if row.NotDriven != "" {
			t.Errorf("case %q drives row %q, which the table marks not driven", c.name, c.row)
		}
		t.Run(c.row+"/"+c.name, func(t *testing.T) {
			resp := c.run(start(t, c.opts))
			defer resp.Body.Close()
			judge(t, row, resp)
		})
	}
	for _, r := range refusal.Rows {
		if r.NotDriven == "" && !driven[r.ID] {
			t.Errorf("row %q is marked driven and no case drives it", r.ID)
		}
	}
}

// judge wants resp to be row's answer.
func judge(t *testing.T, row refusal.Row, resp *http.Response) {
	t.Helper()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != row.Status {
		t.Errorf("status %d, want %d (body %s)", resp.StatusCode, row.Status, body)
	}
	if row.Header != "" {
		name, value, exact := strings.Cut(row.Header, ": ")
		got := resp.Header.Get(name)
		if got == "" || exact && got != value {
			t.Errorf("header %s: %q, want %s", name, got, row.Header)
		}
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	var msg struct {
		JSONRPC string `json:"jsonrpc"`
		Error   *struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" || msg.Error == nil {
		t.Fatalf("body %s: not a JSON-RPC error (%v)", body, err)
	}
	if msg.Error.Code != row.Code {
		t.Errorf("code %d, want %d (message %q)", msg.Error.Code, row.Code, msg.Error.Message)
	}
	if !row.MessageMatches(msg.Error.Message) {
		t.Errorf("message %q, want %q", msg.Error.Message, row.Message)
	}
}
