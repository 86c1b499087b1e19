// Package runtimegood holds correct uses of the mcpwire runtime: no findings.
package runtimegood

import (
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// The session-map recipe with the option: a refused handshake closes the
// transport, OnClose removes the entry.
type Host struct {
	mu       sync.Mutex
	sessions map[string]*streamable.Transport
}

func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if t := h.lookup(r.Header.Get("Mcp-Session-Id")); t != nil {
		t.ServeHTTP(w, r)
		return
	}
	var t *streamable.Transport
	t = streamable.NewTransport(streamable.Options{
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: true,
		OnClose: func(id string) {
			h.mu.Lock()
			delete(h.sessions, id)
			h.mu.Unlock()
		},
	})
	if _, err := server.Connect(r.Context(), t, nil); err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	t.ServeHTTP(w, r)
}

func (h *Host) lookup(id string) *streamable.Transport {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sessions[id]
}

// Stateless transports never close on refusals: nothing to set.
func stateless(w http.ResponseWriter, r *http.Request) {
	t := streamable.NewTransport(streamable.Options{JSONResponse: true})
	defer t.Close()
	server.Connect(r.Context(), t, nil)
	t.ServeHTTP(w, r)
}

func statelessNil(w http.ResponseWriter, r *http.Request) {
	t := streamable.NewTransport(streamable.Options{SessionIDGenerator: nil})
	t.ServeHTTP(w, r)
}

// Closed by the handler itself.
func closedHere(w http.ResponseWriter, r *http.Request) {
	t := streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	defer t.Close()
	server.Connect(r.Context(), t, nil)
	t.ServeHTTP(w, r)
}

// Options decided at run time: a generator or a close flag in a variable.
type config struct {
	gen   func() (string, error)
	close bool
}

func (c config) fromConfig(w http.ResponseWriter, r *http.Request) {
	streamable.NewTransport(streamable.Options{SessionIDGenerator: c.gen}).ServeHTTP(w, r)
	streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: c.close}).ServeHTTP(w, r)
}

// Options in a variable, the option set afterwards.
func setLater(w http.ResponseWriter, r *http.Request) {
	opts := streamable.Options{SessionIDGenerator: streamable.RandomSessionID}
	opts.CloseOnRefusedHandshake = true
	streamable.NewTransport(opts).ServeHTTP(w, r)
}

// A long-lived sessionful endpoint without the option: it must survive the
// client's pre-session version probe.
var endpoint = streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})

func Endpoint() http.Handler { return endpoint }

// Built once inside a handler, through sync.Once: not per request.
var (
	once   sync.Once
	shared *streamable.Transport
)

func lazy(w http.ResponseWriter, r *http.Request) {
	once.Do(func() {
		shared = streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	})
	shared.ServeHTTP(w, r)
}

// Long-lived and stateless with the option: the option does nothing there.
var statelessEndpoint = streamable.NewTransport(streamable.Options{CloseOnRefusedHandshake: true})
