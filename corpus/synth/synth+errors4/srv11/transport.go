// Package srv11 is our own Streamable HTTP front for an mcp-go MCPServer. We
// needed per-tenant session limits that mcp-go's built-in transport does not
// offer, so sessions are created and registered here.
package srv11

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// clientSession implements server.ClientSession. Notifications are drained
// by a goroutine into a buffer that the GET stream reads from.
type clientSession struct {
	id          string
	notes       chan mcp.JSONRPCNotification
	initialized atomic.Bool
	done        chan struct{}
	closeOnce   sync.Once

	mu      sync.Mutex
	pending []mcp.JSONRPCNotification
}

func newClientSession() *clientSession {
	s := &clientSession{
		id:    rand.Text(),
		notes: make(chan mcp.JSONRPCNotification, 64),
		done:  make(chan struct{}),
	}
	go s.drain()
	return s
}

func (s *clientSession) drain() {
	for {
		select {
		case n := <-s.notes:
			s.mu.Lock()
			s.pending = append(s.pending, n)
			s.mu.Unlock()
		case <-s.done:
			return
		}
	}
}

func (s *clientSession) Close() { s.closeOnce.Do(func() { close(s.done) }) }

func (s *clientSession) SessionID() string                                   { return s.id }
func (s *clientSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notes }
func (s *clientSession) Initialize()                                         { s.initialized.Store(true) }
func (s *clientSession) Initialized() bool                                   { return s.initialized.Load() }

type Transport struct {
	MCP *server.MCPServer

	mu       sync.Mutex
	sessions map[string]*clientSession
}

func NewTransport(s *server.MCPServer) *Transport {
	return &Transport{MCP: s, sessions: make(map[string]*clientSession)}
}

func writeErr(w http.ResponseWriter, status int, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(mcp.JSONRPCError{
		JSONRPC: mcp.JSONRPC_VERSION,
		ID:      mcp.NewRequestId(nil),
		Error:   mcp.JSONRPCErrorDetails{Code: code, Message: msg},
	})
}

func (t *Transport) end(ctx context.Context, s *clientSession) {
	t.MCP.UnregisterSession(ctx, s.id)
	t.mu.Lock()
	delete(t.sessions, s.id)
	t.mu.Unlock()
	s.Close()
}

func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		t.mu.Lock()
		s := t.sessions[sid]
		t.mu.Unlock()
		if s == nil {
			writeErr(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		t.serve(w, t.MCP.WithContext(ctx, s), r)
		return
	}

	// No session yet: this must be the initialize.
	s := newClientSession()
	if err := t.MCP.RegisterSession(ctx, s); err != nil {
		s.Close()
		log.Printf("register session: %v", err)
		writeErr(w, http.StatusBadRequest, -32600, "Invalid Request: "+err.Error())
		return
	}
	t.mu.Lock()
	t.sessions[s.id] = s
	t.mu.Unlock()

	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var head struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		t.end(ctx, s)
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if head.Method != "initialize" {
		t.MCP.UnregisterSession(ctx, s.id)
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}

	resp := t.MCP.HandleMessage(t.MCP.WithContext(ctx, s), raw)
	if e, ok := resp.(mcp.JSONRPCError); ok {
		t.end(ctx, s)
		status := http.StatusBadRequest
		if e.Error.Code == mcp.INTERNAL_ERROR {
			status = http.StatusInternalServerError
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(e)
		return
	}
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func (t *Transport) serve(w http.ResponseWriter, ctx context.Context, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	resp := t.MCP.HandleMessage(ctx, raw)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}
