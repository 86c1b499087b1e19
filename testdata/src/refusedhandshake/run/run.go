// Package run serves per-request transports with (*mcp.Server).Run, which
// closes the session only when the client ends it or its context is done.
package run

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// Run in a goroutine on a context nothing cancels: a refused handshake
// leaves the session and the goroutine behind.
func background(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go func() {
		_ = server.Run(context.Background(), t) // want `Server.Run of a per-request transport on a context never cancelled leaks a refused handshake`
	}()
	t.ServeHTTP(w, r)
}

// The process's context, captured from the setup code around the handler,
// ends only at shutdown.
func Mux(ctx context.Context) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
		go server.Run(ctx, t) // want `Server.Run of a per-request transport on a context never cancelled`
		t.ServeHTTP(w, r)
	})
	return mux
}

func detached(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go server.Run(context.WithoutCancel(r.Context()), t) // want `context never cancelled`
	t.ServeHTTP(w, r)
}

// Not reported: the request's context ends the session with the request,
// and so does a context cancelled when the handler returns.
func requestContext(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go server.Run(r.Context(), t)
	t.ServeHTTP(w, r)
}

func cancelled(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go server.Run(ctx, t)
	t.ServeHTTP(w, r)
}

// Not reported: Run from main serves one long-lived transport.
func Serve() error {
	return server.Run(context.Background(), &mcp.StreamableServerTransport{SessionID: rand.Text()})
}
