// Package handedon: the table is never read here, but the id is handed to
// a store of another kind, which may check it: silent.
package handedon

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
)

type conversation struct{ n int }

type checker interface{ Known(id string) bool }

type endpoint struct {
	mu    sync.Mutex
	convs map[string]*conversation
	known checker
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (e *endpoint) post(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		id := mint()
		e.mu.Lock()
		e.convs[id] = &conversation{}
		e.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		return
	}
	if !e.known.Known(sid) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
