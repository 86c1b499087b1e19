package endunknown

import (
	"log"
	"net/http"
	"sync"
)

// registry says, when it removes an id, whether it held one.
type registry struct {
	mu    sync.Mutex
	conns map[string]*session
	byID  sync.Map
}

// remove is true only when the id was there.
func (g *registry) remove(id string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.conns[id]; ok {
		c.close()
		delete(g.conns, id)
		return true
	}
	return false
}

// drop deletes whatever is there and says whether something was.
func (g *registry) drop(id string) bool {
	_, had := g.conns[id]
	delete(g.conns, id)
	return had
}

// has only looks.
func (g *registry) has(id string) bool {
	_, ok := g.conns[id]
	return ok
}

func (g *registry) close(id string) { delete(g.conns, id) }

type front struct{ reg *registry }

func (f *front) endRemoved(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if f.reg.remove(id) {
		log.Printf("session %s ended", id)
	}
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id: the session is ended only if f.reg.remove\(...\) finds it`
}

func (f *front) endDropped(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if f.reg.drop(sid) {
		log.Print("ended")
	}
	w.WriteHeader(http.StatusOK) // want `answers 200 also to an unknown Mcp-Session-Id`
}

func (f *front) endLoaded(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if _, loaded := f.reg.byID.LoadAndDelete(id); loaded {
		log.Print("ended")
	}
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id`
}

// Right: the miss is refused.
func (f *front) endRefused(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !f.reg.remove(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// The test only looks, and a call named for ending the session ends it:
// an id the test does not find is answered 204 all the same.
func (f *front) endLooked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if f.reg.has(id) {
		f.reg.close(id)
	}
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id: the session is ended only if f.reg.has`
}

// Right: an else refuses.
func (f *front) endElse(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if f.reg.remove(id) {
		log.Print("ended")
	} else {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
