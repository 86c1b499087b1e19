package streamable_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client that goes away before its initialize is answered never learned
// the session id: the handshake is rolled back, and with the option on the
// transport closes.
func TestInitializeAbandonedByClient(t *testing.T) {
	// In a bubble, synctest.Wait returns once every goroutine (the
	// request's, the server's) is blocked: no sleep guessing how long the
	// initialize takes to reach the server.
	synctest.Test(t, func(t *testing.T) {
		server := newServer()
		release := make(chan struct{})
		server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "initialize" {
					<-release
				}
				return next(ctx, method, req)
			}
		})
		p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int)
		go func() {
			done <- serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20250618)).WithContext(ctx)).Code
		}()
		synctest.Wait() // the initialize is with the server, blocked on release
		cancel()
		<-done
		if n := p.closes.Load(); n != 1 {
			t.Fatalf("OnClose ran %d times after an abandoned handshake, want 1", n)
		}
		if id := p.tr.SessionID(); id != "" {
			t.Fatalf("abandoned handshake kept session id %q", id)
		}
		close(release)
		p.waitEnded(t)
	})
}

// A request whose client went away (no event store to resume from) is
// cancelled: its handler does not run on for nobody.
func TestAbandonedRequestIsCancelled(t *testing.T) {
	server := newServer()
	started, cancelled := make(chan struct{}), make(chan struct{})
	mcp.AddTool(server, &mcp.Tool{Name: "block"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ textIn) (*mcp.CallToolResult, any, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return nil, nil, ctx.Err()
	})
	for _, jsonMode := range []bool{true, false} {
		started, cancelled = make(chan struct{}), make(chan struct{})
		p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: jsonMode})
		sid := establish(t, p.tr)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			serve(p.tr, request(http.MethodPost, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"block","arguments":{"text":""}}}`, withSID(sid)...).WithContext(ctx))
			close(done)
		}()
		<-started
		cancel()
		<-done
		select {
		case <-cancelled:
		case <-time.After(5 * time.Second):
			t.Fatalf("json=%v: the handler of an abandoned request was not cancelled", jsonMode)
		}
		if w := serve(p.tr, request(http.MethodPost, listBody(6), withSID(sid)...)); w.Code != http.StatusOK {
			t.Fatalf("json=%v: session broken after the cancellation: %d", jsonMode, w.Code)
		}
		p.tr.Close()
		p.waitEnded(t)
	}
}

// A transport closed while an initialize waits for the server's answer
// releases the request: it is answered 404 / -32001, in JSON and SSE mode
// alike (the SSE response has not started), without Mcp-Session-Id.
func TestCloseUnderWaitingInitialize(t *testing.T) {
	for _, jsonMode := range []bool{true, false} {
		server := newServer()
		entered, release := make(chan struct{}), make(chan struct{})
		server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "initialize" {
					close(entered)
					<-release
				}
				return next(ctx, method, req)
			}
		})
		p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: jsonMode})
		done := make(chan *httptest.ResponseRecorder)
		go func() { done <- serve(p.tr, request(http.MethodPost, initBody(1, protocol.Version20250618))) }()
		<-entered
		p.tr.Close()
		w := <-done
		close(release)
		if e := decodeError(t, w); w.Code != http.StatusNotFound || e.Error.Code != protocol.CodeSessionNotFound || string(e.ID) != "1" {
			t.Fatalf("json=%v: %d %s, want 404 / -32001 with id 1", jsonMode, w.Code, w.Body)
		}
		if h := w.Header().Get(protocol.HeaderSessionID); h != "" {
			t.Fatalf("json=%v: answered with %s %q", jsonMode, protocol.HeaderSessionID, h)
		}
		p.waitEnded(t)
	}
}
