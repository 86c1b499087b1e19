package endunknown

import (
	"net/http"
	"sync"
)

type room struct{ owner string }

// lobby keeps rooms behind methods: Find looks one up, Drop forgets it.
type lobby struct {
	mu    sync.Mutex
	rooms map[string]*room
}

func (l *lobby) Find(id string) *room {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rooms[id]
}

func (l *lobby) Drop(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.rooms, id)
}

func (l *lobby) Lookup(id string) *room { return l.Find(id) }

type host struct{ l *lobby }

// leave ends the room only when a present id finds it, and answers 204
// for an unknown id too.
func (h *host) leave(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if rm := h.l.Find(id); rm != nil {
			h.l.Drop(id)
		}
	}
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id: the session is ended only if`
}

// leaveChecked refuses the unknown id first: silent.
func (h *host) leaveChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if h.l.Find(id) == nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	h.l.Drop(id)
	w.WriteHeader(http.StatusNoContent)
}

// touch only reads the room when found (no removal): silent.
func (h *host) touch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if rm := h.l.Lookup(id); rm != nil {
		_ = rm.owner
	}
	w.WriteHeader(http.StatusAccepted)
}
