// Package validated: a transport whose sessions another package mints. Its
// POST and DELETE refuse a request whose Mcp-Session-Id fails the check;
// its GET stream never looks at the id, so anyone gets the stream.
package validated

import (
	"net/http"
	"sync"
)

// Transport serves one endpoint.
type Transport struct {
	mu    sync.Mutex
	known map[string]bool
	feed  chan []byte
}

func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		t.stream(w, r)
	case http.MethodPost:
		t.post(w, r)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

func (t *Transport) valid(r *http.Request) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.known[r.Header.Get("Mcp-Session-Id")]
}

func (t *Transport) post(w http.ResponseWriter, r *http.Request) {
	if !t.valid(r) {
		http.Error(w, "invalid session", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (t *Transport) stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream") // want `opens an event stream without reading Mcp-Session-Id`
	for {
		select {
		case <-r.Context().Done():
			return
		case b := <-t.feed:
			w.Write(b)
		}
	}
}
