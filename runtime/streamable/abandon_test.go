package streamable_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client that goes away before its initialize is answered never learned
// the session id: the handshake is rolled back, and with the option on the
// transport closes.
func TestInitializeAbandonedByClient(t *testing.T) {
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
	time.Sleep(20 * time.Millisecond) // the initialize is with the server
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
