// Package neverlooked: a server that issues session ids and records its
// sessions in a table, but never reads the table by key: the id a request
// carries is never checked against the ones it issued, so an id nobody
// issued is served.
package neverlooked

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"
)

type conversation struct {
	opened time.Time
}

type endpoint struct {
	mu    sync.Mutex
	convs map[string]*conversation
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if msg.Method == "initialize" {
		id := mint()
		e.mu.Lock()
		e.convs[id] = &conversation{opened: time.Now()}
		e.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
		return
	}
	sid := r.Header.Get("Mcp-Session-Id") // want `reads Mcp-Session-Id but never looks it up among the sessions this package issues \(convs\)`
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	log.Printf("request in session %s", sid)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

// sweep forgets old sessions; ranging over the table checks no id.
func (e *endpoint) sweep() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for id, c := range e.convs {
		if time.Since(c.opened) > time.Hour {
			delete(e.convs, id)
		}
	}
}
