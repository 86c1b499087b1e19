// Package streamunchecked: event streams opened for a request whatever
// its Mcp-Session-Id, beside handlers that issue and check ids.
package streamunchecked

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"sync"
)

type relay struct {
	mu    sync.Mutex
	live  map[string]bool
	ticks chan string
}

// ServeHTTP routes by method and path.
func (x *relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost:
		x.post(w, r)
	case r.URL.Path == "/watch":
		x.watch(w, r)
	case r.URL.Path == "/follow":
		x.follow(w, r)
	case r.URL.Path == "/sse":
		x.legacy(w, r)
	default:
		x.listen(w, r)
	}
}

func (x *relay) post(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		fresh := rand.Text()
		x.mu.Lock()
		x.live[fresh] = true
		x.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", fresh)
	}
	w.WriteHeader(http.StatusOK)
}

// listen never looks at the id: anyone gets the stream.
func (x *relay) listen(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream") // want `opens an event stream without reading Mcp-Session-Id: a GET without one is 400, with an unknown one 404`
	w.WriteHeader(http.StatusOK)
	for {
		select {
		case <-r.Context().Done():
			return
		case t := <-x.ticks:
			fmt.Fprintf(w, "data: %s\n\n", t)
		}
	}
}

// watch checks the id first: silent.
func (x *relay) watch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	x.mu.Lock()
	ok := x.live[id]
	x.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id`
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// follow hands the request to a function that may check it: silent.
func (x *relay) follow(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	x.subscribe(w, r)
}

func (x *relay) subscribe(w http.ResponseWriter, r *http.Request) {}

// legacy is the 2024-11-05 HTTP+SSE transport: its stream announces the
// endpoint that carries the session. Silent.
func (x *relay) legacy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: endpoint\ndata: /messages?sessionId=%s\n\n", rand.Text())
}

// Stream is exported and served by no route of this package: no request
// may ever reach it. Silent.
func (x *relay) Stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// mirror keeps no sessions at all: its stream is for anyone. Silent.
type mirror struct{ ticks chan string }

func (m *mirror) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		m.listen(w, r)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (m *mirror) listen(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for t := range m.ticks {
		fmt.Fprintf(w, "data: %s\n\n", t)
	}
}
