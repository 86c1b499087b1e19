package mcphttp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// blockingServer has one tool that runs until its call is cancelled.
func blockingServer(started chan<- struct{}) func() *mcp.Server {
	return func() *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "blocking", Version: "v0.0.1"}, nil)
		mcp.AddTool(s, &mcp.Tool{Name: "block", Description: "Runs until cancelled."},
			func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				started <- struct{}{}
				<-ctx.Done()
				return nil, nil, ctx.Err()
			})
		return s
	}
}

func request(method, body string, header ...string) *http.Request {
	r := httptest.NewRequest(method, "http://127.0.0.1/mcp", strings.NewReader(body))
	r.RemoteAddr = "127.0.0.1:1234"
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	return r
}

// A DELETE waits DrainTimeout for the session's calls in flight, then
// closes the session anyway: 5 s by default, what the option says
// otherwise.
func TestDrainTimeout(t *testing.T) {
	for _, tc := range []struct {
		drain, want time.Duration
	}{
		{0, mcphttp.DefaultDrainTimeout},
		{1500 * time.Millisecond, 1500 * time.Millisecond},
	} {
		synctest.Test(t, func(t *testing.T) {
			started := make(chan struct{}, 1)
			h := mcphttp.NewHandler(blockingServer(started), mcphttp.Options{Mode: mcphttp.Legacy, DrainTimeout: tc.drain, JSONResponse: true})
			w := httptest.NewRecorder()
			h.ServeHTTP(w, request(http.MethodPost, initialize))
			id := w.Header().Get("Mcp-Session-Id")
			if w.Code != http.StatusOK || id == "" {
				t.Fatalf("initialize: %d %s", w.Code, w.Body)
			}
			session := []string{"Mcp-Session-Id", id, "Mcp-Protocol-Version", "2025-11-25"}
			h.ServeHTTP(httptest.NewRecorder(), request(http.MethodPost, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, session...))
			done := make(chan struct{})
			go func() {
				defer close(done)
				h.ServeHTTP(httptest.NewRecorder(), request(http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"block","arguments":{}}}`, session...))
			}()
			<-started
			t0 := time.Now()
			h.ServeHTTP(httptest.NewRecorder(), request(http.MethodDelete, "", session...))
			if got := time.Since(t0); got != tc.want {
				t.Errorf("DrainTimeout %v: the DELETE closed the session after %v, want %v", tc.drain, got, tc.want)
			}
			<-done
			if st := h.Stats(); st.OpenSessions != 0 || st.ClosedByDelete != 1 {
				t.Errorf("Stats() = %+v, want the session closed by its DELETE", st)
			}
			h.Shutdown(context.Background())
		})
	}
}
