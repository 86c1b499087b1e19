// Package runtimebad builds sessionful mcpwire transports per request
// without CloseOnRefusedHandshake: a refused handshake leaks each one.
package runtimebad

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

type Host struct {
	sessions map[string]*streamable.Transport
}

func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if t := h.sessions[r.Header.Get("Mcp-Session-Id")]; t != nil {
		t.ServeHTTP(w, r)
		return
	}
	t := streamable.NewTransport(streamable.Options{ // want `per-request transport without CloseOnRefusedHandshake leaks when its handshake is refused`
		SessionIDGenerator: streamable.RandomSessionID,
		OnSessionInitialized: func(_ context.Context, id string) error {
			return nil
		},
	})
	if _, err := server.Connect(r.Context(), t, nil); err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	t.ServeHTTP(w, r)
}

// A HandlerFunc closure, one-line options, a function literal generator.
func Register(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		t := streamable.NewTransport(streamable.Options{SessionIDGenerator: func() (string, error) { return rand.Text(), nil }}) // want `without CloseOnRefusedHandshake`
		server.Connect(r.Context(), t, nil)
		t.ServeHTTP(w, r)
	})
}

// Set, but to false.
func explicitFalse(w http.ResponseWriter, r *http.Request) {
	t := streamable.NewTransport(streamable.Options{ // want `without CloseOnRefusedHandshake`
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: false,
		JSONResponse:            true,
	})
	t.ServeHTTP(w, r)
}

// An unexported constructor only handlers call runs per request.
func newTransport() *streamable.Transport { // want newTransport:`leakyConstructor\(streamable.NewTransport\)`
	opts := streamable.Options{
		SessionIDGenerator: streamable.RandomSessionID,
	}
	opts.JSONResponse = true
	return streamable.NewTransport(opts) // want `without CloseOnRefusedHandshake`
}

func viaConstructor(w http.ResponseWriter, r *http.Request) {
	newTransport().ServeHTTP(w, r)
}

// An exported constructor: its callers are unknown, so the call inside it is
// not reported, but this package's per-request call of it is.
func NewSessionTransport() *streamable.Transport { // want NewSessionTransport:`leakyConstructor\(streamable.NewTransport\)`
	return streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
}

func servesExported(w http.ResponseWriter, r *http.Request) {
	NewSessionTransport().ServeHTTP(w, r) // want `NewSessionTransport returns a transport without CloseOnRefusedHandshake; per request it leaks on refusal`
}
