// Package checked: the same server, with a DELETE handler that looks the id
// up. The table is read by key, so the POST path's missing lookup is
// another rule's to judge: silent here.
package checked

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
)

type conversation struct{ n int }

type endpoint struct {
	mu    sync.Mutex
	convs map[string]*conversation
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (e *endpoint) open(w http.ResponseWriter) {
	id := mint()
	e.mu.Lock()
	e.convs[id] = &conversation{}
	e.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
}

func (e *endpoint) post(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		e.open(w)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (e *endpoint) end(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	e.mu.Lock()
	_, ok := e.convs[sid]
	delete(e.convs, sid)
	e.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
