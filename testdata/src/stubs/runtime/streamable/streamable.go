// Package streamable stands in for the runtime's streamable package in the
// analyzer fixtures: Options with the fields the analyzers read, and a
// Transport that go-sdk's Server.Connect accepts.
package streamable

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configures a Transport. A nil SessionIDGenerator makes it
// stateless.
type Options struct {
	SessionIDGenerator      func() (string, error)
	CloseOnRefusedHandshake bool
	OnSessionInitialized    func(ctx context.Context, sessionID string) error
	OnClose                 func(sessionID string)
	JSONResponse            bool
	WriteTimeout            time.Duration
	MaxBodyBytes            int64
	Logger                  *slog.Logger
}

// Transport is one session's server side, or the stateless transport.
type Transport struct {
	opts      Options
	mu        sync.Mutex
	id        string
	connected bool
	done      chan struct{}
	closeOnce sync.Once
}

func NewTransport(opts Options) *Transport {
	return &Transport{opts: opts, done: make(chan struct{})}
}

// Connect returns the connection go-sdk's server reads and writes.
func (t *Transport) Connect(ctx context.Context) (mcp.Connection, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.connected {
		return nil, errors.New("streamable: transport already connected")
	}
	t.connected = true
	return conn{t}, nil
}

// ServeHTTP answers one request of the session.
func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if t.opts.SessionIDGenerator != nil && t.id == "" {
		id, err := t.opts.SessionIDGenerator()
		if err != nil {
			http.Error(w, "no session id", http.StatusInternalServerError)
			return
		}
		t.id = id
	}
	w.WriteHeader(http.StatusAccepted)
}

// Close ends the session; OnClose runs once.
func (t *Transport) Close() error {
	t.closeOnce.Do(func() {
		close(t.done)
		if t.opts.OnClose != nil {
			t.opts.OnClose(t.id)
		}
	})
	return nil
}

type conn struct{ t *Transport }

func (c conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-c.t.done:
		return nil, errors.New("streamable: closed")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c conn) Write(context.Context, jsonrpc.Message) error { return nil }
func (c conn) Close() error                                 { return c.t.Close() }
func (c conn) SessionID() string                            { return c.t.id }

// RandomSessionID returns a session id from crypto/rand.
func RandomSessionID() (string, error) { return rand.Text(), nil }
