// Package lateid: the id read in a branch into a variable declared empty
// before it (var sid string; if vals := r.Header[k]; len(vals) > 0 { sid =
// vals[0] }): after the branch the variable is the id, or "" for a
// request without one.
package lateid

import (
	"net/http"
	"sync"
)

type relay struct {
	mu   sync.Mutex
	pins map[string]string
}

func (rl *relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var sid string
	if vals := r.Header["Mcp-Session-Id"]; len(vals) > 0 {
		sid = vals[0]
	}
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
	rl.mu.Lock()
	_, ok := rl.pins[sid]
	rl.mu.Unlock()
	if !ok {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// minted: the variable holds a fresh id unless the header names one; not
// the request's id alone, so its tests are not judged.
func (rl *relay) minted(w http.ResponseWriter, r *http.Request) {
	sid := "fresh"
	if v := r.Header.Get("Mcp-Session-Id"); v != "" {
		sid = v
	}
	if _, ok := rl.pins[sid]; !ok {
		http.Error(w, "invalid session", http.StatusBadRequest)
		return
	}
}
