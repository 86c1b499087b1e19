package sessions_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/sessions"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// The same count with the real transport behind the table, wired as the
// generated handler wires it: the counting rests on streamable.Transport
// running OnClose inside the DELETE that closes it, which this checks.
func TestConcurrentDeletesOverTransport(t *testing.T) {
	n := 3000
	if testing.Short() || raceEnabled {
		n = 500
	}
	tbl := sessions.New[*streamable.Transport](sessions.Options{})
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	ids := make([]string, n)
	for i := range n {
		ids[i] = handshake(t, tbl, server)
	}

	var ok200 atomic.Int64
	var wg sync.WaitGroup
	for _, id := range ids {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e := tbl.Lookup(id)
				if e == nil {
					return // 404 before the transport
				}
				r := httptest.NewRequest(http.MethodDelete, "/mcp", nil)
				r.Header.Set(protocol.HeaderSessionID, id)
				r.Header.Set(protocol.HeaderProtocolVersion, "2025-11-25")
				w := httptest.NewRecorder()
				e.Begin(true)
				e.Value.ServeHTTP(w, r)
				e.End(true)
				if w.Code == http.StatusOK {
					ok200.Add(1)
				}
			}()
		}
	}
	wg.Wait()
	st := tbl.Stats()
	if ok200.Load() != int64(n) || st.ClosedByDelete != int64(n) || st.ClosedOther != 0 || st.Open != 0 {
		t.Errorf("%d DELETEs answered 200; stats %+v; want %d of each, closed by DELETE", ok200.Load(), st, n)
	}
}

// handshake serves one initialize through tbl on a fresh transport
// connected to server and returns the session id.
func handshake(t *testing.T, tbl *sessions.Table[*streamable.Transport], server *mcp.Server) string {
	t.Helper()
	e, err := tbl.Reserve()
	if err != nil {
		t.Fatal(err)
	}
	e.Value = streamable.NewTransport(streamable.Options{
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: true,
		JSONResponse:            true,
		OnSessionInitialized:    func(_ context.Context, id string) error { return e.Establish(id) },
		OnClose:                 func(string) { e.Closed() },
	})
	if _, err := server.Connect(context.Background(), e.Value, nil); err != nil {
		t.Fatal(err)
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	w := httptest.NewRecorder()
	e.Begin(false)
	e.Value.ServeHTTP(w, r)
	e.EndHandshake()
	id := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	if tbl.Lookup(id) != e {
		t.Fatalf("session %s is not in the table", id)
	}
	return id
}
