package mcp

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// StreamableServerTransport is the server side of one Streamable HTTP
// session: its ServeHTTP takes the session's requests once it is connected.
type StreamableServerTransport struct {
	SessionID string
	Stateless bool

	mu     sync.Mutex
	conn   *streamableConn
	closed bool
}

// Connect returns the transport's connection.
func (t *StreamableServerTransport) Connect(ctx context.Context) (Connection, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.conn != nil {
		return nil, errors.New("transport already connected")
	}
	t.conn = &streamableConn{id: t.SessionID, in: make(chan jsonrpc.Message), done: make(chan struct{})}
	return t.conn, nil
}

// ServeHTTP hands one HTTP request of the session to its connection.
func (t *StreamableServerTransport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t.mu.Lock()
	conn := t.conn
	t.mu.Unlock()
	if conn == nil {
		http.Error(w, "transport not connected", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

type streamableConn struct {
	id        string
	in        chan jsonrpc.Message
	done      chan struct{}
	closeOnce sync.Once
}

func (c *streamableConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.in:
		return m, nil
	case <-c.done:
		return nil, errors.New("connection closed")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *streamableConn) Write(context.Context, jsonrpc.Message) error { return nil }

func (c *streamableConn) Close() error {
	c.closeOnce.Do(func() { close(c.done) })
	return nil
}

func (c *streamableConn) SessionID() string { return c.id }

// StreamableHTTPOptions configures a StreamableHTTPHandler.
type StreamableHTTPOptions struct {
	Stateless                  bool
	JSONResponse               bool
	Logger                     *slog.Logger
	SessionTimeout             time.Duration
	DisableLocalhostProtection bool
	MaxRequestBodyBytes        int64
}

// StreamableHTTPHandler serves sessions of the servers getServer returns,
// keeping a transport per session id.
type StreamableHTTPHandler struct {
	getServer func(*http.Request) *Server
	opts      StreamableHTTPOptions

	mu         sync.Mutex
	transports map[string]*StreamableServerTransport
}

func NewStreamableHTTPHandler(getServer func(*http.Request) *Server, opts *StreamableHTTPOptions) *StreamableHTTPHandler {
	h := &StreamableHTTPHandler{getServer: getServer, transports: map[string]*StreamableServerTransport{}}
	if opts != nil {
		h.opts = *opts
	}
	return h
}

func (h *StreamableHTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	h.mu.Lock()
	t := h.transports[id]
	h.mu.Unlock()
	if t == nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	t.ServeHTTP(w, r)
}
