// Package mapentry: the session-map recipe on go-sdk transports, the map
// guarded by a mutex. The fix closes a refused handshake's session and
// removes its map entry under the same lock: a close alone would leave a
// dead entry per refusal.
package mapentry

import (
	"crypto/rand"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type host struct {
	server     *mcp.Server
	mu         sync.Mutex
	transports map[string]*mcp.StreamableServerTransport
}

func (h *host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		h.mu.Lock()
		t := h.transports[id]
		h.mu.Unlock()
		if t == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		t.ServeHTTP(w, r)
		return
	}
	id := rand.Text()
	t := &mcp.StreamableServerTransport{SessionID: id}
	ss, err := h.server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	h.mu.Lock()
	h.transports[id] = t
	h.mu.Unlock()
	go ss.Wait()
	t.ServeHTTP(w, r)
}
