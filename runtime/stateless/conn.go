package stateless

import (
	"context"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/internal/rejected"
)

// conn is one request's connection: it is both the mcp.Transport the
// server connects to and the mcp.Connection it reads the request from and
// writes the answer to.
type conn struct {
	msg *jsonrpc.Request
	// answer receives the response to msg; buffered, so that the server
	// never waits for the HTTP side.
	answer chan *jsonrpc.Response

	mu     sync.Mutex
	read   bool
	closed bool
	done   chan struct{}
}

func newConn(msg *jsonrpc.Request) *conn {
	return &conn{msg: msg, answer: make(chan *jsonrpc.Response, 1), done: make(chan struct{})}
}

// Connect implements mcp.Transport.
func (c *conn) Connect(context.Context) (mcp.Connection, error) { return c, nil }

// SupportsProtocolVersion implements mcp.ProtocolVersionSupporter, as
// go-sdk's stateless transport does for every revision it knows: the
// endpoint serves both eras, so server/discover advertises the server's
// own list.
func (c *conn) SupportsProtocolVersion(string) bool { return true }

// SessionID implements mcp.Connection: 2026-07-28 has no sessions.
func (c *conn) SessionID() string { return "" }

// Read implements mcp.Connection: the request, then nothing until Close.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	c.mu.Lock()
	if !c.read {
		c.read = true
		c.mu.Unlock()
		return c.msg, nil
	}
	c.mu.Unlock()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.done:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection. Only the answer to the request has
// somewhere to go, as on go-sdk's stateless transport in JSON mode.
func (c *conn) Write(_ context.Context, msg jsonrpc.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return mcp.ErrConnectionClosed
	}
	switch m := msg.(type) {
	case *jsonrpc.Response:
		if m.ID != c.msg.ID {
			return rejected.Errorf("a response to %v, which this request is not", m.ID.Raw())
		}
		select {
		case c.answer <- m:
			return nil
		default:
			return rejected.Errorf("a second response to %v", m.ID.Raw())
		}
	case *jsonrpc.Request:
		if m.IsCall() {
			return rejected.Errorf("stateless servers cannot make requests")
		}
		return rejected.Errorf("undelivered message: a JSON response has no stream for %q", m.Method)
	}
	return rejected.Errorf("unknown message type %T", msg)
}

// Close implements mcp.Connection.
func (c *conn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		close(c.done)
	}
	return nil
}
