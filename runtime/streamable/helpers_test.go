package streamable_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
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

// initBody is a client's initialize at revision v.
func initBody(id int, v string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`, id, v)
}

const initializedBody = `{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`

func listBody(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, id)
}

type textIn struct {
	Text string `json:"text"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// newServer is the server every test connects: tools that echo, report
// progress, ask the client to sample, read a request header, and close
// their SSE stream early to force a resumption.
func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "streamable-test", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "echoes text"}, func(_ context.Context, _ *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		return textResult(in.Text), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "progress", Description: "reports progress three times"}, func(ctx context.Context, req *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		tok := req.Params.GetProgressToken()
		for i := 1; i <= 3; i++ {
			if tok != nil {
				if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: 3}); err != nil {
					return nil, nil, err
				}
			}
		}
		return textResult("done"), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "sample", Description: "asks the client to sample"}, func(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Text}}},
			MaxTokens: 16,
		})
		if err != nil {
			return nil, nil, err
		}
		return textResult("sampled: " + res.Content.(*mcp.TextContent).Text), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "slow", Description: "answers after 200ms"}, func(ctx context.Context, _ *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		select {
		case <-time.After(200 * time.Millisecond):
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		return textResult("slow " + in.Text), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "header", Description: "returns the X-Test request header"}, func(_ context.Context, req *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		return textResult(req.Extra.Header.Get("X-Test")), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "pause", Description: "closes its SSE stream, then answers"}, func(ctx context.Context, req *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		tok := req.Params.GetProgressToken()
		if tok != nil {
			req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 1, Total: 2})
		}
		req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 20 * time.Millisecond})
		time.Sleep(100 * time.Millisecond)
		if tok != nil {
			req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 2, Total: 2})
		}
		return textResult("resumed"), nil, nil
	})
	return s
}

// pair is a transport connected to a server, with what its hooks saw.
type pair struct {
	tr      *streamable.Transport
	ss      *mcp.ServerSession
	closes  atomic.Int32
	closeID atomic.Value  // string
	ended   chan struct{} // closed when ss.Wait returns
}

// connect builds a transport from opts (OnClose is wrapped to count) and
// connects a fresh server to it.
func connect(t testing.TB, opts streamable.Options) *pair {
	t.Helper()
	return connectTo(t, newServer(), opts)
}

// connectTo is connect with a given server.
func connectTo(t testing.TB, server *mcp.Server, opts streamable.Options) *pair {
	t.Helper()
	p := &pair{ended: make(chan struct{})}
	user := opts.OnClose
	opts.OnClose = func(id string) {
		p.closes.Add(1)
		p.closeID.Store(id)
		if user != nil {
			user(id)
		}
	}
	p.tr = streamable.NewTransport(opts)
	ss, err := server.Connect(context.Background(), p.tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.ss = ss
	go func() { ss.Wait(); close(p.ended) }()
	return p
}

// waitEnded fails unless the server session ended.
func (p *pair) waitEnded(t testing.TB) {
	t.Helper()
	select {
	case <-p.ended:
	case <-time.After(5 * time.Second):
		t.Fatal("ServerSession.Wait did not return after the transport closed")
	}
}

// request builds a request as a client would send it.
func request(method, body string, hdr ...string) *http.Request {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, "http://127.0.0.1/mcp", rd)
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
	} else if method == http.MethodGet {
		r.Header.Set("Accept", "text/event-stream")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			r.Header.Del(hdr[i])
		} else {
			r.Header.Set(hdr[i], hdr[i+1])
		}
	}
	return r
}

// serve runs one request through h and returns the recorded response.
func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// wireError is a JSON-RPC error response as the transport writes it.
type wireError struct {
	JSONRPC string `json:"jsonrpc"`
	Error   struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
	ID json.RawMessage `json:"id"`
}

func decodeError(t testing.TB, w *httptest.ResponseRecorder) wireError {
	t.Helper()
	var e wireError
	if ct := w.Header().Get("Content-Type"); ct != protocol.MediaTypeJSON {
		t.Fatalf("error Content-Type = %q, want %q; body %s", ct, protocol.MediaTypeJSON, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("error body %q: %v", w.Body, err)
	}
	if e.JSONRPC != "2.0" {
		t.Fatalf("error body %q: jsonrpc %q", w.Body, e.JSONRPC)
	}
	return e
}

// messages returns the JSON-RPC messages of a response, JSON or SSE.
func messages(t testing.TB, w *httptest.ResponseRecorder) []map[string]any {
	t.Helper()
	var out []map[string]any
	if strings.HasPrefix(w.Header().Get("Content-Type"), protocol.MediaTypeEventStream) {
		sc := bufio.NewScanner(strings.NewReader(w.Body.String()))
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok || data == "" {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(data), &m); err != nil {
				t.Fatalf("event data %q: %v", data, err)
			}
			out = append(out, m)
		}
		return out
	}
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("body %q: %v", w.Body, err)
	}
	return append(out, m)
}

// establish runs the handshake (initialize, notifications/initialized)
// and returns the session id.
func establish(t testing.TB, h http.Handler) string {
	t.Helper()
	w := serve(h, request(http.MethodPost, initBody(1, protocol.Version20250618)))
	if w.Code != http.StatusOK {
		t.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	id := w.Header().Get(protocol.HeaderSessionID)
	if id == "" {
		t.Fatalf("initialize answered without %s", protocol.HeaderSessionID)
	}
	if msgs := messages(t, w); len(msgs) != 1 || msgs[0]["result"] == nil {
		t.Fatalf("initialize answer: %v", msgs)
	}
	w = serve(h, request(http.MethodPost, initializedBody, protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, protocol.Version20250618))
	if w.Code != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", w.Code, w.Body)
	}
	return id
}

// sessionMap is the per-handshake recipe: a request with a known session
// id goes to its transport; any other request gets a fresh transport and
// server session built for one expected initialize, which registers itself
// on success and unregisters on close. No goroutine per session: the
// transport's OnClose is the cleanup hook.
type sessionMap struct {
	server *mcp.Server
	opts   streamable.Options

	mu       sync.Mutex
	sessions map[string]*streamable.Transport
	// live holds every connected pair until its transport closes, for
	// closeAll.
	live map[*streamable.Transport]*mcp.ServerSession
}

func newSessionMap(server *mcp.Server, opts streamable.Options) *sessionMap {
	return &sessionMap{server: server, opts: opts,
		sessions: make(map[string]*streamable.Transport),
		live:     make(map[*streamable.Transport]*mcp.ServerSession)}
}

func (h *sessionMap) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get(protocol.HeaderSessionID); id != "" {
		h.mu.Lock()
		tr := h.sessions[id]
		h.mu.Unlock()
		if tr == nil {
			protocol.WriteError(w, nil, protocol.SessionNotFound())
			return
		}
		tr.ServeHTTP(w, r)
		return
	}
	var tr *streamable.Transport
	opts := h.opts
	opts.SessionIDGenerator = streamable.RandomSessionID
	opts.CloseOnRefusedHandshake = true
	opts.OnSessionInitialized = func(_ context.Context, id string) error {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.sessions[id] = tr
		return nil
	}
	opts.OnClose = func(id string) {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.sessions, id)
		delete(h.live, tr)
	}
	tr = streamable.NewTransport(opts)
	ss, err := h.server.Connect(context.Background(), tr, nil)
	if err != nil {
		protocol.WriteError(w, nil, err)
		return
	}
	h.mu.Lock()
	h.live[tr] = ss
	h.mu.Unlock()
	tr.ServeHTTP(w, r)
}

func (h *sessionMap) len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// closeAll closes every live session and waits for its server session.
func (h *sessionMap) closeAll() {
	h.mu.Lock()
	live := make(map[*streamable.Transport]*mcp.ServerSession, len(h.live))
	for tr, ss := range h.live {
		live[tr] = ss
	}
	h.mu.Unlock()
	for tr, ss := range live {
		tr.Close()
		ss.Wait()
	}
}
