package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func notebookCall(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError || len(res.Content) != 1 {
		t.Fatalf("%s: %+v", tool, res.Content)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

// A session's notebook survives its node: written on one node, read on
// another that resumed the session from the shared store after the first
// shut down, and the second node keeps writing to the same notebook.
func TestNotebookSurvivesResume(t *testing.T) {
	store := sessionstore.NewMemory(0)
	n1 := NewHandler(NewServer, HandlerOptions{NodeID: "n1", SessionStore: store})
	n2 := NewHandler(NewServer, HandlerOptions{NodeID: "n2", SessionStore: store})
	var current atomic.Pointer[Handler]
	current.Store(n1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current.Load().ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	defer n2.Shutdown(ctx)

	client := mcp.NewClient(&mcp.Implementation{Name: "notebook-test", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	notebookCall(t, cs, "notebook_append", map[string]any{"line": "written on n1"})
	if n := len(LiveNotebooks(n1)); n != 1 {
		t.Fatalf("n1 holds %d notebooks, want 1", n)
	}

	current.Store(n2)
	if err := n1.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if got := notebookCall(t, cs, "notebook_read", nil); got != "written on n1" {
		t.Fatalf("on n2 the notebook reads %q, want the line written on n1", got)
	}
	notebookCall(t, cs, "notebook_append", map[string]any{"line": "written on n2"})
	if got := notebookCall(t, cs, "notebook_read", nil); got != "written on n1\nwritten on n2" {
		t.Errorf("the notebook reads %q", got)
	}
	if st := n2.Stats(); st.SessionsResumed != 1 || st.HandshakesAccepted != 0 {
		t.Errorf("n2 Stats() = %+v, want the session resumed, not re-initialized", st)
	}
	if nb := LiveNotebooks(n2)[cs.ID()]; nb == nil || nb.read() != "written on n1\nwritten on n2" {
		t.Errorf("LiveNotebooks(n2) = %v", LiveNotebooks(n2))
	}
}

// A 2026-07-28 call has no session, so no notebook: the tool says so.
func TestNotebookNeedsASession(t *testing.T) {
	h := NewHandler(NewServer, HandlerOptions{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "notebook-test", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "notebook_read"})
	if err != nil || !res.IsError {
		t.Errorf("notebook_read without a session: %+v, %v; want a tool error", res, err)
	}
}
