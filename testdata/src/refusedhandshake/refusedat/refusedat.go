// Package refusedat: handlers that connect a per-request session and then
// refuse the handshake themselves. Each refusal that leaves the session
// open is named with the finding (the lines marked "leaks"); the failed
// Connect's own branch, a refusal that closes, and what follows the
// transport's serving are not.
package refusedat

import (
	"crypto/rand"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type host struct {
	server *mcp.Server
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.WriteHeader(status)
	_, _ = w.Write([]byte(msg))
}

func (h *host) never(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.server.Connect(r.Context(), t, nil) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	go ss.Wait()
	if !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		fail(w, http.StatusNotAcceptable, -32000, "Not Acceptable")
		return // leaks
	}
	if r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "Unsupported Media Type", http.StatusUnsupportedMediaType)
		return // leaks
	}
	t.ServeHTTP(w, r)
	if r.Method == http.MethodDelete {
		http.Error(w, "too late to refuse", http.StatusBadRequest)
		return
	}
}

func (h *host) oneSided(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.server.Connect(r.Context(), t, nil) // want `per-request session is closed only on paths that do not serve it`
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	if r.Header.Get("Content-Type") != "application/json" {
		ss.Close()
		http.Error(w, "Unsupported Media Type", http.StatusUnsupportedMediaType)
		return
	}
	if r.ContentLength == 0 {
		fail(w, http.StatusBadRequest, -32700, "Parse error: empty body")
		return // leaks
	}
	t.ServeHTTP(w, r)
}

// table registers a hand-rolled session before the handshake is accepted;
// two later refusals leave its entry, one removes it.
type table struct {
	sessions map[string]*entry
}

type entry struct{ id string }

func (tb *table) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		if _, ok := tb.sessions[sid]; !ok {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	id := rand.Text()
	tb.sessions[id] = &entry{id: id} // want `a session is registered in sessions before the handshake is accepted`
	if r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "Unsupported Media Type", http.StatusUnsupportedMediaType)
		return // leaks
	}
	if r.ContentLength == 0 {
		delete(tb.sessions, id)
		http.Error(w, "empty body", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Accept") == "" {
		fail(w, http.StatusNotAcceptable, -32000, "Not Acceptable")
		return // leaks
	}
	w.Header().Set("Mcp-Session-Id", id)
}
