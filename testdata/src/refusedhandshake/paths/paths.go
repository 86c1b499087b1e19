// Package paths holds closes that exist but do not cover the path that
// serves the transport (reported), beside closes that do (not reported).
package paths

import (
	"crypto/rand"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

func register(*mcp.StreamableServerTransport) error { return errors.New("full") }

// The close is on the early return only: the path that serves the
// transport (where a handshake is refused) has none.
func earlyReturnOnly(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is closed only on paths that do not serve it`
	if err != nil {
		return
	}
	if r.Header.Get("X-Reject") != "" {
		ss.Close()
		http.Error(w, "rejected", http.StatusForbidden)
		return
	}
	t.ServeHTTP(w, r)
}

// A handler that keeps one variable for the looked-up transport and the new
// one, closes the session only in stateless mode, and removes the map entry
// in a hook that runs only when the session closes: a refused stateful
// handshake leaves both behind.
type handler struct {
	stateless bool
	mu        sync.Mutex
	sessions  map[string]*mcp.StreamableServerTransport
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	var t *mcp.StreamableServerTransport
	if id != "" {
		h.mu.Lock()
		t = h.sessions[id]
		h.mu.Unlock()
		if t == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
	}
	if t == nil {
		sid := rand.Text()
		if h.stateless {
			sid = ""
		}
		t = &mcp.StreamableServerTransport{SessionID: sid}
		forget := func() {
			h.mu.Lock()
			delete(h.sessions, t.SessionID)
			h.mu.Unlock()
		}
		_ = forget
		ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is closed only on paths that do not serve it`
		if err != nil {
			http.Error(w, "connect failed", http.StatusInternalServerError)
			return
		}
		if h.stateless {
			defer ss.Close()
		} else {
			h.mu.Lock()
			h.sessions[t.SessionID] = t
			h.mu.Unlock()
		}
	}
	t.ServeHTTP(w, r)
}

// A handshake deadline that is stopped when the handler returns: it never
// fires for a handshake refused at once.
func stoppedDeadline(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	deadline := time.AfterFunc(time.Minute, func() { ss.Close() })
	defer deadline.Stop()
	t.ServeHTTP(w, r)
}

var current *mcp.ServerSession

// The variable first holds the previous session, which is closed; the one
// connected here is not.
func replacesPrevious(w http.ResponseWriter, r *http.Request) {
	ss := current
	if ss != nil {
		ss.Close()
	}
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	t.ServeHTTP(w, r)
}

// Not reported: the early return closes, and so does the serving path.
func bothPaths(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	if err := register(t); err != nil {
		ss.Close()
		return
	}
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	t.ServeHTTP(w, r)
}

// Not reported: each mode closes in its own way.
func eachMode(w http.ResponseWriter, r *http.Request, stateless bool) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	if stateless {
		defer ss.Close()
	} else {
		defer func() {
			if ss.InitializeParams() == nil {
				ss.Close()
			}
		}()
	}
	t.ServeHTTP(w, r)
}

// Not reported: the variable is reused, and the new session is closed after
// serving when the handshake did not establish it.
func (h *handler) reusedAndClosed(w http.ResponseWriter, r *http.Request) {
	var t *mcp.StreamableServerTransport
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		t = h.sessions[id]
	}
	if t == nil {
		t = &mcp.StreamableServerTransport{SessionID: rand.Text()}
		ss, err := server.Connect(r.Context(), t, nil)
		if err != nil {
			return
		}
		h.sessions[t.SessionID] = t
		defer func() {
			if ss.InitializeParams() == nil {
				ss.Close()
			}
		}()
	}
	t.ServeHTTP(w, r)
}

// Not reported: an idle deadline that outlives the request ends every
// session, refused or not.
func idleDeadline(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	time.AfterFunc(time.Hour, func() { ss.Close() })
	t.ServeHTTP(w, r)
}
