package streamable_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// headerTransport adds X-Test to every request, for the header tool.
type headerTransport struct{ base http.RoundTripper }

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Test", "from-client")
	return h.base.RoundTrip(r)
}

// recorder collects what the client's handlers saw.
type recorder struct {
	mu          sync.Mutex
	progress    map[string][]float64 // by progress token
	listChanged chan struct{}
}

func (c *recorder) tokens(tok string) []float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]float64(nil), c.progress[tok]...)
}

// waitProgress waits until n progress notifications for tok arrived.
func (c *recorder) waitProgress(t *testing.T, tok string, n int) []float64 {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if got := c.tokens(tok); len(got) >= n {
			sort.Float64s(got)
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("progress for %q: got %v, want %d notifications", tok, c.tokens(tok), n)
	return nil
}

func newClient(rec *recorder) *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "e2e-client", Version: "0"}, &mcp.ClientOptions{
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			in := req.Params.Messages[0].Content.(*mcp.TextContent).Text
			return &mcp.CreateMessageResult{Content: &mcp.TextContent{Text: "client saw " + in}, Model: "test-model", Role: "assistant"}, nil
		},
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			rec.mu.Lock()
			defer rec.mu.Unlock()
			tok, _ := req.Params.ProgressToken.(string)
			rec.progress[tok] = append(rec.progress[tok], req.Params.Progress)
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			select {
			case rec.listChanged <- struct{}{}:
			default:
			}
		},
	})
}

func callText(t *testing.T, cs *mcp.ClientSession, name, text, progressToken string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	params := &mcp.CallToolParams{Name: name, Arguments: map[string]any{"text": text}}
	if progressToken != "" {
		params.SetProgressToken(progressToken)
	}
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		t.Fatalf("tools/call %s: %v", name, err)
	}
	if res.IsError || len(res.Content) != 1 {
		t.Fatalf("tools/call %s: %+v", name, res)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

// The real go-sdk client against the transport behind the per-handshake
// session map, over loopback HTTP: handshake, tools/list, tools/call with
// progress, a sampling request the client answers, a notification on the
// GET stream, a stream the server closes and the client resumes with
// Last-Event-ID, and DELETE.
func TestEndToEndGoSDKClient(t *testing.T) {
	for _, mode := range []struct {
		name string
		opts streamable.Options
	}{
		{"sse+eventstore", streamable.Options{EventStore: streamable.NewMemoryEventStore(0), RetryInterval: 10 * time.Millisecond}},
		{"sse", streamable.Options{}},
		{"json", streamable.Options{JSONResponse: true}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			server := newServer()
			h := newSessionMap(server, mode.opts)
			var resumes sync.Map // Last-Event-ID values of GETs
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if v := r.Header.Get(protocol.HeaderLastEventID); v != "" && r.Method == http.MethodGet {
					resumes.Store(v, true)
				}
				h.ServeHTTP(w, r)
			}))
			defer srv.Close()
			defer h.closeAll()

			rec := &recorder{progress: map[string][]float64{}, listChanged: make(chan struct{}, 1)}
			ctx := context.Background()
			cs, err := newClient(rec).Connect(ctx, &mcp.StreamableClientTransport{
				Endpoint:   srv.URL,
				HTTPClient: &http.Client{Transport: headerTransport{http.DefaultTransport}},
				MaxRetries: 3,
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			sid := cs.ID()
			if sid == "" || h.len() != 1 {
				t.Fatalf("session id %q, map holds %d", sid, h.len())
			}
			for i := 0; i < len(sid); i++ {
				if sid[i] < 0x21 || sid[i] > 0x7e {
					t.Fatalf("session id %q is not visible ASCII", sid)
				}
			}

			tools, err := cs.ListTools(ctx, nil)
			if err != nil || len(tools.Tools) != 6 {
				t.Fatalf("tools/list: %v, %v", tools, err)
			}
			if got := callText(t, cs, "echo", "hi", ""); got != "hi" {
				t.Fatalf("echo: %q", got)
			}
			if got := callText(t, cs, "header", "", ""); got != "from-client" {
				t.Fatalf("tool saw header %q, want the request's X-Test", got)
			}
			if got := callText(t, cs, "progress", "", "p1"); got != "done" {
				t.Fatalf("progress: %q", got)
			}
			if got := rec.waitProgress(t, "p1", 3); len(got) != 3 || got[2] != 3 {
				t.Fatalf("progress notifications %v", got)
			}
			if got := callText(t, cs, "sample", "ping", ""); got != "sampled: client saw ping" {
				t.Fatalf("sample: %q", got)
			}

			// A notification with no request to relate to travels on the
			// standalone GET stream the client opened after initialize.
			mcp.AddTool(server, &mcp.Tool{Name: "late", Description: "added later"}, func(context.Context, *mcp.CallToolRequest, textIn) (*mcp.CallToolResult, any, error) {
				return textResult("late"), nil, nil
			})
			select {
			case <-rec.listChanged:
			case <-time.After(5 * time.Second):
				t.Fatal("tools/list_changed did not reach the client")
			}

			// The tool closes its SSE stream after the first progress
			// notification; with an event store the client resumes with
			// Last-Event-ID and gets the rest and the result. Without one
			// the close is ignored, as no resumption could follow.
			if got := callText(t, cs, "pause", "", "p2"); got != "resumed" {
				t.Fatalf("pause: %q", got)
			}
			if got := rec.waitProgress(t, "p2", 2); len(got) != 2 {
				t.Fatalf("progress across the resumption: %v", got)
			}
			if mode.opts.EventStore != nil {
				resumed := false
				resumes.Range(func(k, _ any) bool {
					resumed = resumed || !strings.HasPrefix(k.(string), "_")
					return true
				})
				if !resumed {
					t.Fatal("the client never resumed a request stream with Last-Event-ID")
				}
			}

			if err := cs.Close(); err != nil {
				t.Fatalf("close (DELETE): %v", err)
			}
			if n := h.len(); n != 0 {
				t.Fatalf("map holds %d sessions after DELETE", n)
			}
			req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(listBody(9)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set(protocol.HeaderSessionID, sid)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusNotFound {
				t.Fatalf("request after DELETE: %d, want 404", res.StatusCode)
			}
		})
	}
}
