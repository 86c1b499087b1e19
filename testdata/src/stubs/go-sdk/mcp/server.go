// Package mcp stands in for go-sdk's mcp package in the analyzer fixtures:
// the types, fields and method signatures the analyzers recognise, with
// bodies that keep only the calls the analyzers' facts follow (a server's
// Connect connects its transport; a session's Close closes its connection).
package mcp

import (
	"context"
	"iter"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Implementation names a client or a server.
type Implementation struct {
	Name    string
	Title   string
	Version string
}

// ServerOptions configures a Server.
type ServerOptions struct {
	Instructions string
}

// ServerSessionOptions configures one Connect.
type ServerSessionOptions struct{}

// InitializeParams are the client's initialize request parameters.
type InitializeParams struct {
	ProtocolVersion string
	ClientInfo      *Implementation
}

// Server serves sessions; each Connect starts one.
type Server struct {
	impl *Implementation
	opts ServerOptions

	mu       sync.Mutex
	sessions []*ServerSession
}

func NewServer(impl *Implementation, options *ServerOptions) *Server {
	s := &Server{impl: impl}
	if options != nil {
		s.opts = *options
	}
	return s
}

// Connect connects t and starts a session on it.
func (s *Server) Connect(ctx context.Context, t Transport, opts *ServerSessionOptions) (*ServerSession, error) {
	conn, err := t.Connect(ctx)
	if err != nil {
		return nil, err
	}
	ss := &ServerSession{server: s, conn: conn, done: make(chan struct{})}
	s.mu.Lock()
	s.sessions = append(s.sessions, ss)
	s.mu.Unlock()
	return ss, nil
}

// Run serves one session on t until it ends.
func (s *Server) Run(ctx context.Context, t Transport) error {
	ss, err := s.Connect(ctx, t, nil)
	if err != nil {
		return err
	}
	return ss.Wait()
}

// Sessions yields the live sessions.
func (s *Server) Sessions() iter.Seq[*ServerSession] {
	s.mu.Lock()
	list := append([]*ServerSession(nil), s.sessions...)
	s.mu.Unlock()
	return func(yield func(*ServerSession) bool) {
		for _, ss := range list {
			if !yield(ss) {
				return
			}
		}
	}
}

func (s *Server) remove(ss *ServerSession) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, x := range s.sessions {
		if x == ss {
			s.sessions = append(s.sessions[:i], s.sessions[i+1:]...)
			return
		}
	}
}

// ServerSession is one client's session with a Server.
type ServerSession struct {
	server     *Server
	conn       Connection
	initParams *InitializeParams
	closeOnce  sync.Once
	done       chan struct{}
}

func (ss *ServerSession) ID() string { return ss.conn.SessionID() }

// InitializeParams returns the handshake's parameters, nil before it.
func (ss *ServerSession) InitializeParams() *InitializeParams { return ss.initParams }

// Close ends the session and closes its connection.
func (ss *ServerSession) Close() error {
	var err error
	ss.closeOnce.Do(func() {
		err = ss.conn.Close()
		ss.server.remove(ss)
		close(ss.done)
	})
	return err
}

// Wait blocks until the session ends.
func (ss *ServerSession) Wait() error {
	<-ss.done
	return nil
}

// Transport makes a Connection.
type Transport interface {
	Connect(ctx context.Context) (Connection, error)
}

// Connection carries JSON-RPC messages of one session.
type Connection interface {
	Read(context.Context) (jsonrpc.Message, error)
	Write(context.Context, jsonrpc.Message) error
	Close() error
	SessionID() string
}
