// Package membership: the session table's own bool methods, whatever they
// are called, say whether an id is a session when their bodies return the
// map's miss. A DELETE that folds a missing id into such a miss answers
// both 404, where the missing one is 400; one refusing the missing id
// first is right. A bool that tests no map says nothing of the session.
package membership

import (
	"net/http"
	"sync"
)

type conn struct{ open bool }

type table struct {
	mu    sync.Mutex
	conns map[string]*conn
}

// drop removes the entry and reports whether there was one.
func (t *table) drop(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.conns[id] == nil {
		return false
	}
	delete(t.conns, id)
	return true
}

// end refuses an empty id, then ends the entry if it is there.
func (t *table) end(id string) bool {
	if id == "" {
		return false
	}
	t.mu.Lock()
	_, ok := t.conns[id]
	if ok {
		delete(t.conns, id)
	}
	t.mu.Unlock()
	return ok
}

// fits says whether an id is short enough to log; no map is read.
func (t *table) fits(id string) bool { return len(id) < 128 }

func (t *table) deleteOr(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" || !t.drop(id) {
		http.Error(w, "unknown session", http.StatusNotFound) // want `answers 404 both to a missing and to an unknown Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (t *table) deleteMerged(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !t.end(id) {
		http.Error(w, "no such session", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id: t.end\(...\) is false for an empty id`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Right: the missing id is refused 400 before the table is asked.
func (t *table) deleteRight(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !t.drop(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if !t.fits(id) {
		http.Error(w, "id too long", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
