package mcphttp_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// notes is a session state: what the session's client wrote, and who it is.
type notes struct {
	mu        sync.Mutex
	Principal string   `json:"principal"`
	Lines     []string `json:"lines"`
}

func (n *notes) add(line string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.Lines = append(n.Lines, line)
}

func (n *notes) String() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.Principal + ":" + strings.Join(n.Lines, ",")
}

// counted is a State of notes that counts what it built, restored and
// closed.
type counted struct {
	built, restored, closed atomic.Int32
	fail                    atomic.Bool // New fails
}

func (c *counted) state() *mcphttp.State[notes] {
	return &mcphttp.State[notes]{
		New: func(r *http.Request, principal string, params *mcp.InitializeParams) (*notes, error) {
			if r == nil || params == nil || params.ClientInfo == nil {
				return nil, errors.New("no request or initialize params")
			}
			if c.fail.Load() {
				return nil, errors.New("refused by the state's constructor")
			}
			c.built.Add(1)
			return &notes{Principal: principal}, nil
		},
		Close: func(*notes) error {
			c.closed.Add(1)
			return nil
		},
		Marshal: func(n *notes) ([]byte, error) {
			n.mu.Lock()
			defer n.mu.Unlock()
			return json.Marshal(n)
		},
		Unmarshal: func(b []byte) (*notes, error) {
			c.restored.Add(1)
			n := new(notes)
			return n, json.Unmarshal(b, n)
		},
	}
}

type lineInput struct {
	Line string `json:"line"`
}

// notesServer has two tools over the session's notes: note appends a line,
// read returns them ("<none>" outside a session).
func notesServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "v0.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "note", Description: "Appends a line."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in lineInput) (*mcp.CallToolResult, any, error) {
			mcphttp.StateFrom[notes](ctx).add(in.Line)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "read", Description: "Reads the lines."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			text := "<none>"
			if n := mcphttp.StateFrom[notes](ctx); n != nil {
				text = n.String()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
		})
	return s
}

func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", tool, err)
	}
	if res.IsError || len(res.Content) != 1 {
		t.Fatalf("CallTool(%s) = %+v", tool, res.Content)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

// byHeader is a Principal hook: the X-User header.
func byHeader(r *http.Request) string { return r.Header.Get("X-User") }

// userClient sends X-User on every request.
type userClient string

func (u userClient) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-User", string(u))
	return http.DefaultTransport.RoundTrip(r)
}

func connectAs(t *testing.T, url, user string) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "notes-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint:   url,
		HTTPClient: &http.Client{Transport: userClient(user)},
	}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	return cs
}

// A session's state is built once its handshake is accepted — never for a
// refused one — reached by its tools, listed by States, and closed exactly
// once when the session ends.
func TestStateLifecycle(t *testing.T) {
	var c counted
	h := mcphttp.NewHandler(notesServer, mcphttp.Options{State: c.state(), Principal: byHeader})
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, header := range []map[string]string{
		{"Accept": "text/plain"},
		{"Host": "evil.example:80"},
		{"Mcp-Protocol-Version": "1999-01-01"},
	} {
		if resp, body := post(t, srv.URL, header, initialize); resp.StatusCode < 400 {
			t.Fatalf("refused handshake %v: status %d; body %s", header, resp.StatusCode, body)
		}
	}
	if n := c.built.Load(); n != 0 {
		t.Fatalf("refused handshakes built %d states", n)
	}

	a, b := connectAs(t, srv.URL, "ada"), connectAs(t, srv.URL, "bob")
	call(t, a, "note", map[string]any{"line": "one"})
	call(t, b, "note", map[string]any{"line": "two"})
	if got := call(t, a, "read", nil); got != "ada:one" {
		t.Errorf("ada reads %q, want ada:one", got)
	}
	if got := call(t, b, "read", nil); got != "bob:two" {
		t.Errorf("bob reads %q, want bob:two", got)
	}
	live := mcphttp.States[notes](h)
	if len(live) != 2 || live[a.ID()] == nil || live[a.ID()].Principal != "ada" || live[b.ID()].Principal != "bob" {
		t.Errorf("States = %v, want ada's and bob's sessions", live)
	}
	if n := c.built.Load(); n != 2 {
		t.Errorf("%d states built for 2 sessions", n)
	}
	a.Close()
	eventually(t, "ada's state to close", func() bool { return c.closed.Load() == 1 })
	if live := mcphttp.States[notes](h); len(live) != 1 || live[b.ID()] == nil {
		t.Errorf("after ada's DELETE, States = %v, want bob's only", live)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	// Shutdown returns after every state is closed.
	if n := c.closed.Load(); n != 2 {
		t.Errorf("after Shutdown, %d states closed, want 2", n)
	}
	b.Close()
	if n := c.closed.Load(); n != 2 {
		t.Errorf("%d closes for 2 states", n)
	}
}

// A constructor's error fails the handshake: the client holds no session
// and nothing is left open.
func TestStateConstructorErrorFailsHandshake(t *testing.T) {
	var c counted
	c.fail.Store(true)
	h, url := serve(t, mcphttp.Options{State: c.state()})
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err == nil {
		cs.Close()
		t.Fatal("Connect succeeded although the state's constructor failed")
	}
	eventually(t, "no open session", func() bool { return h.Stats().OpenSessions == 0 })
	if st := h.Stats(); st.HandshakesAccepted != 0 {
		t.Errorf("Stats() = %+v, want no accepted handshake", st)
	}
	if c.closed.Load() != 0 {
		t.Errorf("a state that was never built was closed")
	}
}

// A 2026-07-28 call has no session, so no state.
func TestStateNoneOutsideSessions(t *testing.T) {
	var c counted
	h := mcphttp.NewHandler(notesServer, mcphttp.Options{State: c.state()})
	srv := httptest.NewServer(h)
	defer srv.Close()
	url := srv.URL
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url},
		&mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if got := call(t, cs, "read", nil); got != "<none>" {
		t.Errorf("a 2026-07-28 call read %q, want no state", got)
	}
	if c.built.Load() != 0 {
		t.Errorf("a stateless client built a state")
	}
}

// The state survives its node: saved beside the session's record, it is
// restored — not rebuilt — by the node that resumes the session, and the
// first node closed its copy when it shut down.
func TestStateSurvivesResume(t *testing.T) {
	store := sessionstore.NewMemory(0)
	var c1, c2 counted
	h1 := mcphttp.NewHandler(notesServer, mcphttp.Options{NodeID: "n1", SessionStore: store, State: c1.state(), Principal: byHeader})
	h2 := mcphttp.NewHandler(notesServer, mcphttp.Options{NodeID: "n2", SessionStore: store, State: c2.state(), Principal: byHeader})
	var current atomic.Pointer[mcphttp.Handler]
	current.Store(h1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current.Load().ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	defer h2.Shutdown(ctx)

	cs := connectAs(t, srv.URL, "ada")
	defer cs.Close()
	call(t, cs, "note", map[string]any{"line": "before"})
	call(t, cs, "note", map[string]any{"line": "the move"})
	current.Store(h2)
	if err := h1.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if n := c1.closed.Load(); n != 1 {
		t.Errorf("the first node closed %d states at shutdown, want 1", n)
	}
	if got := call(t, cs, "read", nil); got != "ada:before,the move" {
		t.Errorf("after the move the session reads %q, want ada:before,the move", got)
	}
	call(t, cs, "note", map[string]any{"line": "after"})
	if got := call(t, cs, "read", nil); got != "ada:before,the move,after" {
		t.Errorf("the resumed session reads %q", got)
	}
	if st := h2.Stats(); st.SessionsResumed != 1 || c2.restored.Load() != 1 || c2.built.Load() != 0 {
		t.Errorf("second node: %+v, %d restored, %d built; want one resumed, restored, none built", st, c2.restored.Load(), c2.built.Load())
	}
	rec, ok, err := store.Get(context.Background(), cs.ID())
	if err != nil || !ok || !strings.Contains(string(rec.Data), `"after"`) {
		t.Errorf("stored record %q, %v, %v: want the state saved after the last note", rec.Data, ok, err)
	}
}
