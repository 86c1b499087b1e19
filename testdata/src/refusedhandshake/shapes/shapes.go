// Package shapes pins syntax variants of the same leak (and of its absence),
// so the analyzer neither misses nor crashes on them.
package shapes

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// var declarations and parentheses.
func varDecl(w http.ResponseWriter, r *http.Request) {
	var t = (&mcp.StreamableServerTransport{SessionID: rand.Text()})
	var ss, err = (server.Connect(r.Context(), (t), nil)) // want `session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	println(ss.ID())
	t.ServeHTTP(w, r)
}

// Assignment to variables declared earlier.
func assigned(w http.ResponseWriter, r *http.Request) {
	var (
		t   *mcp.StreamableServerTransport
		ss  *mcp.ServerSession
		err error
	)
	t = &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err = server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	println(ss.ID())
	t.ServeHTTP(w, r)
}

// An alias of the session is closed: covered.
func alias(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	other := ss
	t.ServeHTTP(w, r)
	if other.InitializeParams() == nil {
		other.Close()
	}
}

// Connect called through a method value: not recognised, not reported.
func methodValue(w http.ResponseWriter, r *http.Request) {
	connect := server.Connect
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	connect(r.Context(), t, nil)
	t.ServeHTTP(w, r)
}

// The session inside an if statement's init, used only in the condition.
func ifInit(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	if ss, err := server.Connect(r.Context(), t, nil); err != nil || ss == nil { // want `session is never closed when its handshake is refused`
		return
	}
	t.ServeHTTP(w, r)
}

// A transport converted to an interface and stored in a map of handlers is
// still the session-map recipe.
var handlers = map[string]http.Handler{}

func converted(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	go ss.Wait()
	handlers[t.SessionID] = http.Handler(t)
	t.ServeHTTP(w, r)
}

// A generic helper that only handlers call.
func build[T any](ctx context.Context, _ T) *mcp.StreamableServerTransport {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	server.Connect(ctx, t, nil) // want `is discarded, so nothing can close it`
	handlers[t.SessionID] = t
	return nil
}

func generic(w http.ResponseWriter, r *http.Request) {
	build[int](r.Context(), 0)
	build(r.Context(), "")
}

// The runtime transport built in a deferred closure and a go statement of a
// handler: still per request.
func closures(w http.ResponseWriter, r *http.Request) {
	defer func() {
		streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
	}()
	go func() {
		t := streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID}) // want `without CloseOnRefusedHandshake`
		t.ServeHTTP(w, r)
	}()
}

// Options passed by a pointer dereference or built by a function: unknown.
func indirect(w http.ResponseWriter, r *http.Request, o *streamable.Options) {
	streamable.NewTransport(*o).ServeHTTP(w, r)
	streamable.NewTransport(options()).ServeHTTP(w, r)
}

func options() streamable.Options {
	return streamable.Options{SessionIDGenerator: streamable.RandomSessionID}
}

// A method of a generic type that only handlers call runs per request.
type pool[T any] struct{ items map[string]T }

func (p *pool[T]) add(ctx context.Context) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	server.Connect(ctx, t, nil) // want `is discarded, so nothing can close it`
	handlers[t.SessionID] = t
}

func genericMethod(w http.ResponseWriter, r *http.Request) {
	var p pool[int]
	p.add(r.Context())
}
