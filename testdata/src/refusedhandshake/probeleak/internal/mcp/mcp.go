// Package mcp stands for an SDK release whose discovery handler records the
// client's parameters on the session every time it runs (go-sdk v1.7.0's
// server/discover, #1136), although the answer to a discovery request
// carries no session id. A handler that closes a per-request session only
// when InitializeParams() is nil keeps every probed session: nobody can
// address it again. In our own minimal words, with the SDK's names.
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
func (ss *ServerSession) InitializeParams() *InitializeParams { // want InitializeParams:`refusalDefeated\("server/discover", mcp.Server.probe\)`
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.state.params
}

// Level reads a field that logging/setLevel sets on every call: the fact
// marks it too, but no refusal test compares a string with nil.
func (ss *ServerSession) Level() string { // want Level:`refusalDefeated\("logging/setLevel", mcp.Server.setLevel\)`
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.state.level
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
}

type handler func(context.Context, *Server, *request) (any, error)

func method(f func(*Server, context.Context, *request) (any, error)) handler {
	return func(ctx context.Context, s *Server, r *request) (any, error) { return f(s, ctx, r) }
}

// The method table: the requests a session answers, by method name.
var methods = map[string]handler{
	"initialize":       method((*Server).handshake),
	"server/discover":  method((*Server).probe),
	"logging/setLevel": method((*Server).setLevel),
}

// handshake records the client's parameters: the one handler that may.
func (s *Server) handshake(_ context.Context, r *request) (any, error) {
	p := &InitializeParams{ProtocolVersion: r.version}
	r.session.edit(func(st *sessionState) { st.params = p })
	return "welcome", nil
}

// probe answers a discovery request and records its parameters on every
// call: the bug.
func (s *Server) probe(_ context.Context, r *request) (any, error) {
	versions := []string{"2025-11-25"}
	if r.version == "" {
		versions = append(versions, "2025-06-18")
	}
	p := &InitializeParams{ProtocolVersion: r.version}
	r.session.edit(func(st *sessionState) {
		st.params = p
	})
	return versions, nil
}

// setLevel sets another field: no refusal test reads it.
func (s *Server) setLevel(_ context.Context, r *request) (any, error) {
	r.session.state.level = r.level
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
	ss, err := h.server.Connect(r.Context(), t, opts) // want `per-request session is closed only if no handshake is recorded, but the server/discover handler mcp.Server.probe records one without establishing a session`
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

// published keeps sessions for a debugging page.
var published []*ServerSession

// publish hands the entry's session on: a method of the holder that touches
// the pair is a transfer, and the analyzer stays silent.
func (e *entry) publish() { published = append(published, e.session) }

// KeepingHandler is Handler with an entry method that hands the session on.
type KeepingHandler struct {
	server   *Server
	mu       sync.Mutex
	sessions map[string]*entry
}

func (h *KeepingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := &StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.server.Connect(r.Context(), t, nil)
	if err != nil {
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
	e.publish()
	e.transport.ServeHTTP(w, r)
}
