// Package forked builds transports of an SDK copy (forked/internal/mcp)
// with its constructor: recognised by package name and shape, not by
// go-sdk's import path.
package forked

import (
	"crypto/rand"
	"net/http"

	"fixtures/refusedhandshake/forked/internal/mcp"
)

var server = &mcp.Server{}

func leaks(w http.ResponseWriter, r *http.Request) {
	t := mcp.NewStreamableServerTransport(rand.Text())
	ss, err := server.Connect(r.Context(), t) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	go ss.Wait()
	t.ServeHTTP(w, r)
}

func discards(w http.ResponseWriter, r *http.Request) {
	t := mcp.NewStreamableServerTransport(rand.Text())
	if _, err := server.Connect(r.Context(), t); err != nil { // want `per-request \*mcp.ServerSession is discarded`
		return
	}
	t.ServeHTTP(w, r)
}

// A stateless transport (the constant empty id) closed when the request is
// done, and a sessionful one closed when its handshake did not establish
// it: not reported.
func stateless(w http.ResponseWriter, r *http.Request) {
	t := mcp.NewStreamableServerTransport("")
	ss, err := server.Connect(r.Context(), t)
	if err != nil {
		return
	}
	defer ss.Close()
	t.ServeHTTP(w, r)
}

func closes(w http.ResponseWriter, r *http.Request) {
	t := mcp.NewStreamableServerTransport(rand.Text())
	ss, err := server.Connect(r.Context(), t)
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
