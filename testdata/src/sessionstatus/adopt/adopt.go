// Package adopt: sessions created under an id the client chose. The
// protocol mints ids on initialize and answers an unknown one 404; a
// get-or-create keyed by the request's Mcp-Session-Id adopts any id a
// client makes up.
package adopt

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
)

type conn struct{ id string }

type hub struct {
	mu    sync.Mutex
	conns map[string]*conn
	byID  sync.Map
}

func newID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func requestID(r *http.Request) string {
	if v := r.Header.Get("Mcp-Session-Id"); v != "" {
		return v
	}
	return r.URL.Query().Get("sid")
}

// connFor returns the connection under id, making one when there is none.
func (h *hub) connFor(id string) *conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.conns[id]
	if c != nil {
		return c
	}
	c = &conn{id: id}
	h.conns[id] = c
	return c
}

// The header if present, else a fresh id: a made-up id is adopted.
func (h *hub) stream(w http.ResponseWriter, r *http.Request) {
	id := requestID(r)
	if id == "" {
		id = newID()
	}
	c := h.connFor(id) // want `creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id`
	_ = c
	w.WriteHeader(http.StatusOK)
}

// The miss branch registers under the same key, in the handler itself.
func (h *hub) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	c, ok := h.conns[id]
	if !ok {
		c = &conn{id: id}
		h.conns[id] = c // want `creates a session under the client's Mcp-Session-Id when none is known`
	}
	h.mu.Unlock()
	_ = c
	w.WriteHeader(http.StatusAccepted)
}

// connAt returns the connection under id from the sync.Map, storing a new
// one when the Load missed.
func (h *hub) connAt(id string) *conn {
	if v, ok := h.byID.Load(id); ok {
		return v.(*conn)
	}
	v, _ := h.byID.LoadOrStore(id, &conn{id: id})
	return v.(*conn)
}

// The header's id, or a fresh one, handed to the sync.Map get-or-create.
func (h *hub) listen(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		id = newID()
	}
	c := h.connAt(id) // want `creates a session under the client's Mcp-Session-Id when none is known`
	_ = c
	w.WriteHeader(http.StatusOK)
}

// A GET stream opened under whatever id the request carries, in a package
// that hands out ids: an id nobody minted (or one already ended) becomes a
// session, where go-sdk answers 404 and the client re-initializes.
func (h *hub) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	v, _ := h.byID.LoadOrStore(id, &conn{id: id}) // want `creates a session under the client's Mcp-Session-Id, never checked`
	_ = v
	w.WriteHeader(http.StatusOK)
}
