// Package sessionfactory calls helpers (of its own and of another package)
// that return a session they connected to a transport they built: the
// SessionFactory fact makes each per-request call as accountable as the
// Connect inside it.
package sessionfactory

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/refusedhandshake/sessionfactory/sdklib"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

var transports = map[string]*mcp.StreamableServerTransport{}

func leaks(w http.ResponseWriter, r *http.Request) {
	t, ss, err := sdklib.Connect(r.Context(), server) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	go ss.Wait()
	transports[t.SessionID] = t
	t.ServeHTTP(w, r)
}

func discards(w http.ResponseWriter, r *http.Request) {
	_, t := sdklib.Session(r.Context(), server) // want `per-request \*mcp.ServerSession is discarded`
	t.ServeHTTP(w, r)
}

// newSession is this package's own factory, unexported and per request.
func newSession(ctx context.Context) (*mcp.ServerSession, *mcp.StreamableServerTransport) { // want newSession:`sessionFactory\(0/2\)`
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(ctx, t, nil)
	if err != nil {
		return nil, nil
	}
	return ss, t
}

func ownFactory(w http.ResponseWriter, r *http.Request) {
	ss, t := newSession(r.Context()) // want `per-request session is never closed`
	println(ss.ID())
	t.ServeHTTP(w, r)
}

func closes(w http.ResponseWriter, r *http.Request) {
	t, ss, err := sdklib.Connect(r.Context(), server)
	if err != nil {
		return
	}
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	t.ServeHTTP(w, r)
}

func notFactories(w http.ResponseWriter, r *http.Request) {
	t, _ := sdklib.Tracked(r.Context(), server)
	t.ServeHTTP(w, r)
	t2 := &mcp.StreamableServerTransport{}
	ss, _ := sdklib.Given(r.Context(), server, t2) // want `per-request stateless session is never closed: every request leaks it`
	println(ss.ID())
}

// Called once at startup: not per request.
func Setup() http.Handler {
	t, _, _ := sdklib.Connect(context.Background(), server)
	return t
}
