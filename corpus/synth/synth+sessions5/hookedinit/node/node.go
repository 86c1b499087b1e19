// Package node serves go-sdk sessions and persists each session's state as
// soon as its handshake completes.
package node

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/synth/sessions5/hookedinit/internal/persist"
)

type conn struct {
	t  *mcp.StreamableServerTransport
	ss *mcp.ServerSession
}

type Node struct {
	Server  *mcp.Server
	Persist *persist.Store
	Log     *slog.Logger

	mu   sync.Mutex
	live map[string]*conn
}

func New(s *mcp.Server, p *persist.Store, log *slog.Logger) *Node {
	return &Node{Server: s, Persist: p, Log: log, live: map[string]*conn{}}
}

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func (n *Node) get(id string) (*conn, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	c, ok := n.live[id]
	return c, ok
}

func (n *Node) put(id string, c *conn) {
	n.mu.Lock()
	n.live[id] = c
	n.mu.Unlock()
}

func (n *Node) drop(id string) {
	n.mu.Lock()
	delete(n.live, id)
	n.mu.Unlock()
}

func (n *Node) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodPost && r.Method != http.MethodDelete {
		w.Header().Set("Allow", "GET, POST, DELETE")
		rpcError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: "+r.Method)
		return
	}
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		n.serveSession(w, r, id)
		return
	}
	if r.Method != http.MethodPost {
		rpcError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	n.handshake(w, r)
}

func (n *Node) handshake(w http.ResponseWriter, r *http.Request) {
	id := rand.Text()
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := n.Server.Connect(context.Background(), t, nil)
	if err != nil {
		n.Log.Error("connect", "err", err)
		rpcError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		rpcError(w, http.StatusUnsupportedMediaType, -32000, "Unsupported Media Type: "+mt)
		return
	}
	n.put(id, &conn{t: t, ss: ss})

	buf := newBufferedResponse()
	t.ServeHTTP(buf, r)
	if ss.InitializeParams() == nil {
		n.drop(id)
		_ = ss.Close()
		_ = buf.copyTo(w)
		return
	}

	state := &mcp.ServerSessionState{InitializeParams: ss.InitializeParams()}
	if err := n.Persist.Save(r.Context(), id, state); err != nil {
		n.Log.Error("persist session state", "session", id, "err", err)
		rpcError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	_ = buf.copyTo(w)
}

func (n *Node) serveSession(w http.ResponseWriter, r *http.Request, id string) {
	if c, ok := n.get(id); ok {
		if r.Method == http.MethodDelete {
			n.drop(id)
			_ = c.ss.Close()
			_ = n.Persist.Forget(r.Context(), id)
			w.WriteHeader(http.StatusNoContent)
			return
		}
		c.t.ServeHTTP(w, r)
		return
	}

	// Not live on this node: it may have been started elsewhere.
	state, err := n.Persist.Load(r.Context(), id)
	switch {
	case errors.Is(err, persist.ErrMissing):
		rpcError(w, http.StatusNotFound, -32001, "Session not found")
		return
	case errors.Is(err, persist.ErrCorrupt):
		rpcError(w, http.StatusBadRequest, -32000, "Bad Request: corrupt session record")
		return
	case err != nil:
		n.Log.Warn("load session state", "session", id, "err", err)
		w.Header().Set("Retry-After", "2")
		rpcError(w, http.StatusServiceUnavailable, -32000, "Service Unavailable: session store")
		return
	}

	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := n.Server.Connect(context.Background(), t, &mcp.ServerSessionOptions{State: state})
	if err != nil {
		rpcError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	n.put(id, &conn{t: t, ss: ss})
	if r.Method == http.MethodDelete {
		n.drop(id)
		_ = ss.Close()
		_ = n.Persist.Forget(r.Context(), id)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	t.ServeHTTP(w, r)
}
