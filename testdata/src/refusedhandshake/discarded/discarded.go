// Package discarded drops the *mcp.ServerSession of a per-request Connect,
// so nothing can close it when the handshake is refused.
package discarded

import (
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

func blank(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	if _, err := server.Connect(r.Context(), t, nil); err != nil { // want `per-request \*mcp.ServerSession is discarded, so nothing can close it on a refused handshake`
		return
	}
	t.ServeHTTP(w, r)
}

func statement(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	server.Connect(r.Context(), t, nil) // want `is discarded, so nothing can close it`
	t.ServeHTTP(w, r)
}

// Stored in a map but discarded: the map holds a transport that cannot be
// closed from outside.
var transports = map[string]*mcp.StreamableServerTransport{}

func mapped(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	_, err := server.Connect(r.Context(), t, nil) // want `is discarded`
	if err != nil {
		return
	}
	transports[t.SessionID] = t
	t.ServeHTTP(w, r)
}
