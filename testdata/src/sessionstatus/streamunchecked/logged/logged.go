// Package logged: a stateless bridge that reads Mcp-Session-Id only to log
// it and refuses nothing on it; its stream is everyone's by design.
package logged

import (
	"log"
	"net/http"
)

// Bridge serves one endpoint.
type Bridge struct{ feed chan []byte }

func (b *Bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		b.stream(w, r)
		return
	}
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		log.Printf("request for %s", id)
	}
	if r.ContentLength == 0 {
		http.Error(w, "empty body", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (b *Bridge) stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	for {
		select {
		case <-r.Context().Done():
			return
		case m := <-b.feed:
			w.Write(m)
		}
	}
}
