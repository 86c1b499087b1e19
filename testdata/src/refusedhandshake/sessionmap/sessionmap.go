// Package sessionmap pins the session-map recipe measured in docs/protocol.md, "Bug classes":
// a transport per expected initialize, connected, stored in a map keyed by
// its session id and removed when the session ends. A refused handshake
// never ends the session, so the map entry, the transport and the session
// leak (100 refusals: +100 goroutines, +100 sessions, +100 entries).
package sessionmap

import (
	"crypto/rand"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type entry struct {
	transport *mcp.StreamableServerTransport
	session   *mcp.ServerSession
}

type Handler struct {
	server   *mcp.Server
	mu       sync.Mutex
	sessions map[string]*entry
	byID     sync.Map
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
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	h.mu.Lock()
	h.sessions[t.SessionID] = &entry{transport: t, session: ss}
	h.mu.Unlock()
	go func() {
		// Wait-driven cleanup: runs only once the session ends, which a
		// refused handshake never does.
		ss.Wait()
		h.mu.Lock()
		delete(h.sessions, t.SessionID)
		h.mu.Unlock()
	}()
	t.ServeHTTP(w, r)
}

// The same with a sync.Map and an entry built first.
func (h *Handler) serveSyncMap(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	e := &entry{transport: t, session: ss}
	h.byID.Store(t.SessionID, e)
	go func() {
		e.session.Wait()
		h.byID.Delete(t.SessionID)
	}()
	e.transport.ServeHTTP(w, r)
}

// A DELETE handler that closes one session by id does not cover a refused
// handshake: its client never learned the id.
func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	e := h.sessions[r.Header.Get("Mcp-Session-Id")]
	delete(h.sessions, r.Header.Get("Mcp-Session-Id"))
	h.mu.Unlock()
	if e != nil {
		e.session.Close()
	}
}

// Ranging over the map without closing anything is not a reaper.
func (h *Handler) count() int {
	n := 0
	h.mu.Lock()
	for range h.sessions {
		n++
	}
	h.mu.Unlock()
	return n
}

// Ranging over the server's sessions without closing any is not a reaper.
func (h *Handler) ids() []string {
	var ids []string
	for ss := range h.server.Sessions() {
		ids = append(ids, ss.ID())
	}
	return ids
}
