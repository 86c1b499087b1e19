// Package sdkleak builds go-sdk transports per request and connects them
// with nothing to close the session when the handshake is refused.
package sdkleak

import (
	"crypto/rand"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// handler is an http.Handler: ServeHTTP runs per request.
type handler struct{}

func (handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	go ss.Wait()                          // waiting is not closing
	log.Printf("session %v on %v", ss, t) // nor is logging
	t.ServeHTTP(w, r)
}

// A closure registered as a HandlerFunc, with new(T).
func register(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		t := new(mcp.StreamableServerTransport)
		t.SessionID = rand.Text()
		ss, err := server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
		if err != nil {
			return
		}
		_ = ss.ID()
		t.ServeHTTP(w, r)
	})
}

// A struct value whose address is connected; a helper with extra parameters
// is handler-shaped too.
func servePost(w http.ResponseWriter, r *http.Request, id string) {
	var t mcp.StreamableServerTransport
	t.SessionID = id
	ss, err := server.Connect(r.Context(), &t, nil) // want `session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	if ss.InitializeParams() != nil {
		// logging a successful handshake closes nothing
		println(ss.ID())
	}
	t.ServeHTTP(w, r)
}

// connect is unexported and only handlers call it: it runs per request.
var transports = map[string]*mcp.StreamableServerTransport{}

func connect(r *http.Request) string {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, _ := server.Connect(r.Context(), t, nil) // want `per-request \*mcp.ServerSession is discarded`
	_ = ss
	transports[t.SessionID] = t
	return t.SessionID
}

func viaHelper(w http.ResponseWriter, r *http.Request) {
	transports[connect(r)].ServeHTTP(w, r)
}

// Built in the handler, connected in a closure inside it.
func nested(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	connect := func() error {
		ss, err := server.Connect(r.Context(), t, nil) // want `session is never closed when its handshake is refused`
		if err != nil {
			return err
		}
		println(ss.ID())
		return nil
	}
	if connect() == nil {
		t.ServeHTTP(w, r)
	}
}

// A stateless transport per request leaks on every request, served or not.
func stateless(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{Stateless: true, SessionID: ""}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request stateless session is never closed: every request leaks it`
	if err != nil {
		return
	}
	println(ss.ID())
	t.ServeHTTP(w, r)
}
