// Package gosdk578 pins the fix go-sdk made for its own handler
// (modelcontextprotocol/go-sdk#578, PR #605), rewritten against the
// exported API: a per-handshake transport in a session map, an idle timer,
// and the deferred close of a session whose initialize never completed.
// It must produce no findings.
package gosdk578

import (
	"crypto/rand"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type sessionInfo struct {
	session   *mcp.ServerSession
	transport *mcp.StreamableServerTransport
	timer     *time.Timer
}

type Handler struct {
	getServer func(*http.Request) *mcp.Server
	timeout   time.Duration

	mu       sync.Mutex
	sessions map[string]*sessionInfo
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if id := req.Header.Get("Mcp-Session-Id"); id != "" {
		h.mu.Lock()
		info := h.sessions[id]
		h.mu.Unlock()
		if info == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		info.transport.ServeHTTP(w, req)
		return
	}
	server := h.getServer(req)
	transport := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	session, err := server.Connect(req.Context(), transport, nil)
	if err != nil {
		http.Error(w, "failed connection", http.StatusInternalServerError)
		return
	}
	info := &sessionInfo{session: session, transport: transport}
	if h.timeout > 0 {
		info.timer = time.AfterFunc(h.timeout, func() { info.session.Close() })
	}
	h.mu.Lock()
	h.sessions[transport.SessionID] = info
	h.mu.Unlock()
	defer func() {
		// If initialization failed, clean up the session (#578).
		if session.InitializeParams() == nil {
			session.Close()
		}
	}()
	info.transport.ServeHTTP(w, req)
}
