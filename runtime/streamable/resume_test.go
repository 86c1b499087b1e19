package streamable_test

import (
	"bytes"
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

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestNodeSessionIDs(t *testing.T) {
	for _, bad := range []string{"", "-n1", "N1", "n.1", "n_1", "n 1", "n1\r", strings.Repeat("a", streamable.MaxNodeIDLen+1)} {
		if streamable.ValidNodeID(bad) == nil {
			t.Errorf("ValidNodeID(%q) accepted", bad)
		}
		if _, err := streamable.NodeSessionIDs(bad); err == nil {
			t.Errorf("NodeSessionIDs(%q) accepted", bad)
		}
	}
	gen, err := streamable.NodeSessionIDs("n1-a")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 100 {
		id, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		node, random, _ := strings.Cut(id, ".")
		// 26 base32 characters are 130 bits.
		if node != "n1-a" || len(random) != 26 || seen[id] {
			t.Fatalf("id %q: node %q, random part %q (len %d), repeated %v", id, node, random, len(random), seen[id])
		}
		seen[id] = true
		if got := streamable.SessionNode(id); got != "n1-a" {
			t.Fatalf("SessionNode(%q) = %q", id, got)
		}
	}
	for _, id := range []string{"ABCDEF", "N1.abc", ".abc", ""} {
		if got := streamable.SessionNode(id); got != "" {
			t.Errorf("SessionNode(%q) = %q, want none", id, got)
		}
	}
}

// node is one server process of a deployment in miniature: a session map
// whose misses are resumed from a shared state table, as a session store
// would hold it.
type node struct {
	name   string
	server *mcp.Server
	opts   streamable.Options
	states *stateTable

	mu       sync.Mutex
	sessions map[string]*streamable.Transport
	all      []*streamable.Transport
	resumed  atomic.Int32
	// resumeMu makes resumptions one at a time (as the generated handler
	// does): the client's resumed GET stream and its next POST can both miss
	// on this node at once, and must not resume the session twice.
	resumeMu sync.Mutex
}

type stateTable struct {
	mu sync.Mutex
	m  map[string]mcp.ServerSessionState
}

func (s *stateTable) put(id string, st mcp.ServerSessionState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[id] = st
}

func (s *stateTable) get(id string) (mcp.ServerSessionState, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.m[id]
	return st, ok
}

func (n *node) options() streamable.Options {
	opts := n.opts
	opts.OnStateChange = n.states.put
	return opts
}

// resume builds a transport for a session this node does not hold from the
// shared state table, one resumption at a time: the client's resumed GET
// stream and its next POST can both miss here at once.
func (n *node) resume(id string) (*streamable.Transport, *protocol.Error) {
	n.resumeMu.Lock()
	defer n.resumeMu.Unlock()
	n.mu.Lock()
	tr := n.sessions[id] // resumed by a request that held resumeMu first
	n.mu.Unlock()
	if tr != nil {
		return tr, nil
	}
	st, ok := n.states.get(id)
	if !ok {
		return nil, protocol.SessionNotFound()
	}
	tr, err := streamable.NewResumedTransport(n.options(), id, st, "")
	if err != nil {
		return nil, protocol.Internal(err)
	}
	if _, err := n.server.Connect(context.Background(), tr, &mcp.ServerSessionOptions{State: &st}); err != nil {
		return nil, protocol.Internal(err)
	}
	n.resumed.Add(1)
	n.mu.Lock()
	n.sessions[id] = tr
	n.all = append(n.all, tr)
	n.mu.Unlock()
	return tr, nil
}

func (n *node) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	n.mu.Lock()
	tr := n.sessions[id]
	n.mu.Unlock()
	if tr == nil && id != "" {
		var err *protocol.Error
		if tr, err = n.resume(id); err != nil {
			protocol.WriteError(w, nil, err)
			return
		}
	}
	if tr == nil {
		opts := n.options()
		gen, err := streamable.NodeSessionIDs(n.name)
		if err != nil {
			panic(err)
		}
		opts.SessionIDGenerator = gen
		opts.CloseOnRefusedHandshake = true
		opts.OnSessionInitialized = func(_ context.Context, id string) error {
			n.mu.Lock()
			defer n.mu.Unlock()
			n.sessions[id] = tr
			return nil
		}
		tr = streamable.NewTransport(opts)
		if _, err := n.server.Connect(context.Background(), tr, nil); err != nil {
			protocol.WriteError(w, nil, protocol.Internal(err))
			return
		}
		n.mu.Lock()
		n.all = append(n.all, tr)
		n.mu.Unlock()
	}
	tr.ServeHTTP(w, r)
}

// kill ends every transport of the node, as its process dying would: open
// streams end and nothing answers for its sessions any more.
func (n *node) kill() {
	n.mu.Lock()
	all := n.all
	n.sessions, n.all = map[string]*streamable.Transport{}, nil
	n.mu.Unlock()
	for _, tr := range all {
		tr.Close()
	}
}

// A session established on one node carries on on another after the first
// dies, with go-sdk's own client: same session id, no new initialize, the
// log level the client set still applied, the standalone GET stream
// resumed with a Last-Event-ID the new node never issued (which must not
// end the session), and a call in flight on the dead node failing alone.
func TestResumedSessionGoSDKClient(t *testing.T) {
	states := &stateTable{m: map[string]mcp.ServerSessionState{}}
	block, entered := make(chan struct{}), make(chan struct{}, 1)
	server := mcp.NewServer(&mcp.Implementation{Name: "resume-test", Version: "0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "echo"}, func(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		return textResult(in.Text), nil, nil
	})
	mcp.AddTool(server, &mcp.Tool{Name: "block"}, func(ctx context.Context, req *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		entered <- struct{}{}
		select {
		case <-block:
		case <-ctx.Done():
		}
		return nil, nil, errors.New("the node died under this call")
	})
	opts := streamable.Options{EventStore: streamable.NewMemoryEventStore(0), RetryInterval: 10 * time.Millisecond}
	a := &node{name: "a", server: server, opts: opts, states: states, sessions: map[string]*streamable.Transport{}}
	// b has an event store of its own, as a node in another process would.
	optsB := opts
	optsB.EventStore = streamable.NewMemoryEventStore(0)
	b := &node{name: "b", server: server, opts: optsB, states: states, sessions: map[string]*streamable.Transport{}}
	defer a.kill()
	defer b.kill()
	defer close(block)

	var current atomic.Pointer[node]
	current.Store(a)
	var initializes, gets, resumes atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			gets.Add(1)
			if r.Header.Get(protocol.HeaderLastEventID) != "" {
				resumes.Add(1)
			}
		}
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"method":"initialize"`) {
				initializes.Add(1)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		current.Load().ServeHTTP(w, r)
	}))
	defer srv.Close()

	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "resume-client", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL, MaxRetries: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	sid := cs.ID()
	if streamable.SessionNode(sid) != "a" {
		t.Fatalf("session id %q does not carry node a", sid)
	}
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	if got := callText(t, cs, "echo", "on a", ""); got != "on a" {
		t.Fatalf("echo: %q", got)
	}
	st, ok := states.get(sid)
	if !ok || st.InitializeParams == nil || st.InitializedParams == nil || st.LogLevel != "debug" || st.NegotiatedProtocolVersion != protocol.Version20251125 {
		t.Fatalf("stored state %+v (found %v): want initialize and initialized params, level debug, %s", st, ok, protocol.Version20251125)
	}
	if st.InitializeParams.ClientInfo == nil || st.InitializeParams.ClientInfo.Name != "resume-client" {
		t.Fatalf("stored initialize params %+v", st.InitializeParams)
	}

	// A call in flight when the node dies.
	inflight := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "block", Arguments: map[string]any{"text": "x"}})
		inflight <- err
	}()
	select {
	case <-entered:
	case err := <-inflight:
		t.Fatalf("the blocking call ended early: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the blocking call never reached node a")
	}

	getsBefore := resumes.Load()
	current.Store(b)
	a.kill()

	select {
	case err := <-inflight:
		if err == nil {
			t.Fatal("the call in flight on the dead node succeeded")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the call in flight on the dead node never ended")
	}
	waitFor(t, "the client to resume its GET stream on node b", func() bool { return resumes.Load() > getsBefore && b.resumed.Load() > 0 })
	for i := range 5 {
		if got := callText(t, cs, "echo", "on b", ""); got != "on b" {
			t.Fatalf("echo %d on b: %q", i, got)
		}
	}
	if cs.ID() != sid || initializes.Load() != 1 || b.resumed.Load() != 1 {
		t.Fatalf("session %q → %q, %d initializes, %d resumptions on b: want the same session, 1 initialize, 1 resumption",
			sid, cs.ID(), initializes.Load(), b.resumed.Load())
	}
	// The state b resumed from kept the level; b's transport reports it too.
	b.mu.Lock()
	tr := b.sessions[sid]
	b.mu.Unlock()
	if got, ok := tr.State(); !ok || got.LogLevel != "debug" || !tr.Resumed() {
		t.Fatalf("resumed transport state %+v (established %v, resumed %v)", got, ok, tr.Resumed())
	}
	// A resumed transport never takes an initialize of its own.
	w := serve(tr, request(http.MethodPost, initBody(9, protocol.Version20251125), protocol.HeaderSessionID, sid))
	if w.Code != http.StatusBadRequest {
		t.Fatalf("initialize on a resumed session: %d, want 400", w.Code)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestNewResumedTransportRefusesNonSessions(t *testing.T) {
	if _, err := streamable.NewResumedTransport(streamable.Options{}, "", mcp.ServerSessionState{InitializeParams: &mcp.InitializeParams{}}, ""); err == nil {
		t.Error("empty session id accepted")
	}
	if _, err := streamable.NewResumedTransport(streamable.Options{}, "n1.X", mcp.ServerSessionState{}, ""); err == nil {
		t.Error("state without initialize params accepted")
	}
}
