package adopt

import (
	"net/http"
	"sync"
	"sync/atomic"
)

// Right: an unknown id is refused before anything is created.
func (h *hub) streamChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	_, known := h.conns[id]
	h.mu.Unlock()
	if !known {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	c := h.connFor(id)
	_ = c
	w.WriteHeader(http.StatusOK)
}

// Right: the key is minted here, never the client's.
func (h *hub) initialize(w http.ResponseWriter, r *http.Request) {
	id := newID()
	c := h.connFor(id)
	_ = c
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Right: a cache keyed by something else than the session id.
func (h *hub) byName(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	c := h.connFor(name)
	_ = c
	w.WriteHeader(http.StatusOK)
}

// Right: the store only updates a session the lookup found.
func (h *hub) touch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	c, ok := h.conns[id]
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	h.conns[id] = c
	w.WriteHeader(http.StatusOK)
}

// Right: the id comes from a caller, which checked it (a session rebuilt
// from a shared store); only an id read here is judged.
func (h *hub) rebind(id string) *conn {
	return h.connFor(id)
}

// Right: the id is checked in the branch that has one, before the
// get-or-create below serves both branches.
func (h *hub) either(w http.ResponseWriter, r *http.Request, initialize bool) {
	var id string
	if initialize {
		id = newID()
	} else {
		id = r.Header.Get("Mcp-Session-Id")
		if !h.known(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	c := h.connFor(id)
	_ = c
	w.WriteHeader(http.StatusOK)
}

func (h *hub) known(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, ok := h.conns[id]
	return ok
}

func (h *hub) rebindFromHeader(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !h.known(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	_ = h.rebind(id)
	w.WriteHeader(http.StatusOK)
}

// Right: per-id bookkeeping that is not a session (a timestamp), made on
// a miss, is not a session adopted.
type clock struct {
	mu   sync.Mutex
	seen map[string]*atomic.Int64
}

func (c *clock) touch(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.seen[id]
	if !ok {
		t = new(atomic.Int64)
		c.seen[id] = t
	}
	t.Store(1)
}

func (c *clock) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	c.touch(id)
	w.WriteHeader(http.StatusOK)
}
