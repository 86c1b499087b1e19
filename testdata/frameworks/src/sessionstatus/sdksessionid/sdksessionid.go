// Package sdksessionid: a tool handler keeps a note per session, keyed by
// the id of the session mcp-go runs it in. mcp-go has looked that id up
// before any tool runs, so a note made on a miss is per-session state, not
// a session created under an id nobody minted: nothing is reported. The
// same note keyed by the request's own header is.
package sdksessionid

import (
	"context"
	"net/http"
	"sync"

	"github.com/mark3labs/mcp-go/server"
)

type note struct{ calls int }

type session struct{ notes []string }

type proxy struct {
	mu       sync.Mutex
	notes    map[string]*note
	sessions map[string]*session
}

func (p *proxy) remember(sessionID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, ok := p.notes[sessionID]
	if !ok {
		n = &note{}
		p.notes[sessionID] = n
	}
	n.calls++
}

func (p *proxy) retrieve(ctx context.Context) {
	var sessionID string
	if sess := server.ClientSessionFromContext(ctx); sess != nil {
		sessionID = sess.SessionID()
	}
	p.remember(sessionID)
}

func (p *proxy) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s, ok := p.sessions[id]
	if !ok {
		s = &session{}
		p.sessions[id] = s // want `creates a session under the client's Mcp-Session-Id`
	}
	_ = s
	w.WriteHeader(http.StatusAccepted)
}
