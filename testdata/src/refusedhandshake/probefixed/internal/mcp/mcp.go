// Package mcp stands for the SDK release that fixed probeleak's: its
// discovery handler records the client's parameters only when the
// transport can serve the protocol that needs them (go-sdk v1.8.0, the
// #1136 fix), so a refusal test reading InitializeParams is trusted again.
// The other handlers are probeleak's; setLevel is gone, so no fact at all.
package mcp

import (
	"context"
	"crypto/rand"
	"net/http"
	"sync"
)

type Transport interface{ isTransport() }

type InitializeParams struct{ ProtocolVersion string }

// sessionState is what a session has learnt of its client.
type sessionState struct {
	params *InitializeParams
	level  string
}

type ServerSession struct {
	mu    sync.Mutex
	state sessionState
}

// InitializeParams is the refusal tests' accessor: nil until a handshake.
func (ss *ServerSession) InitializeParams() *InitializeParams {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.state.params
}

func (ss *ServerSession) Close() error { return nil }

// edit changes the state under the lock, calling change every time.
func (ss *ServerSession) edit(change func(*sessionState)) {
	ss.mu.Lock()
	change(&ss.state)
	ss.mu.Unlock()
}

type ServerSessionOptions struct{ OnClose func() }

type Server struct{}

func (*Server) Connect(context.Context, Transport, *ServerSessionOptions) (*ServerSession, error) {
	return &ServerSession{}, nil
}

type StreamableServerTransport struct{ SessionID string }

func (*StreamableServerTransport) isTransport()                                 {}
func (*StreamableServerTransport) ServeHTTP(http.ResponseWriter, *http.Request) {}

type request struct {
	session *ServerSession
	version string
	level   string
	modern  bool
}

type handler func(context.Context, *Server, *request) (any, error)

func method(f func(*Server, context.Context, *request) (any, error)) handler {
	return func(ctx context.Context, s *Server, r *request) (any, error) { return f(s, ctx, r) }
}

// The method table: the requests a session answers, by method name.
var methods = map[string]handler{
	"initialize":      method((*Server).handshake),
	"server/discover": method((*Server).probe),
	"server/probe":    method((*Server).probeEarly),
}

// handshake records the client's parameters: the one handler that may.
func (s *Server) handshake(_ context.Context, r *request) (any, error) {
	p := &InitializeParams{ProtocolVersion: r.version}
	r.session.edit(func(st *sessionState) { st.params = p })
	return "welcome", nil
}

// probe answers a discovery request and records its parameters only when
// they can serve: a condition the analyzer cannot read, so it trusts it.
func (s *Server) probe(_ context.Context, r *request) (any, error) {
	versions := []string{"2025-11-25"}
	if r.version == "" {
		versions = append(versions, "2025-06-18")
	}
	p := &InitializeParams{ProtocolVersion: r.version}
	if r.modern {
		r.session.edit(func(st *sessionState) {
			st.params = p
		})
	}
	return versions, nil
}

// probeEarly records them after a return that may happen first: not on
// every call either.
func (s *Server) probeEarly(_ context.Context, r *request) (any, error) {
	if r.version == "" {
		return nil, nil
	}
	r.session.state.params = &InitializeParams{ProtocolVersion: r.version}
	return nil, nil
}

// entry holds a session and its transport in the handler's map.
type entry struct {
	session   *ServerSession
	transport *StreamableServerTransport
	mu        sync.Mutex
	inflight  int
}

// begin and end count the requests in flight: they touch nothing of the pair.
func (e *entry) begin() {
	e.mu.Lock()
	e.inflight++
	e.mu.Unlock()
}

func (e *entry) end() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.inflight--
}

// Handler is the SDK's own session-map handler.
type Handler struct {
	server   *Server
	mu       sync.Mutex
	sessions map[string]*entry
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		h.mu.Lock()
		e := h.sessions[id]
		h.mu.Unlock()
		if e == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		e.transport.ServeHTTP(w, r)
		return
	}
	t := &StreamableServerTransport{SessionID: rand.Text()}
	opts := &ServerSessionOptions{OnClose: func() {
		h.mu.Lock()
		delete(h.sessions, t.SessionID)
		h.mu.Unlock()
	}}
	ss, err := h.server.Connect(r.Context(), t, opts)
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	e := &entry{session: ss, transport: t}
	h.mu.Lock()
	h.sessions[t.SessionID] = e
	h.mu.Unlock()
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	e.begin()
	defer e.end()
	e.transport.ServeHTTP(w, r)
}
