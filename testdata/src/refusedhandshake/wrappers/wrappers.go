// Package wrappers connects and runs per-request transports through small
// wrappers that take the transport as a parameter (Connector facts).
package wrappers

import (
	"context"
	"crypto/rand"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type host struct{ server *mcp.Server }

func (h *host) connect(ctx context.Context, t *mcp.StreamableServerTransport) (*mcp.ServerSession, error) { // want connect:`connector\(t=1, 0/2\)`
	return h.server.Connect(ctx, t, nil)
}

func (h *host) attach(r *http.Request, t *mcp.StreamableServerTransport) *mcp.ServerSession { // want attach:`connector\(t=1, 0/1\)`
	ss, err := h.connect(r.Context(), t)
	if err != nil {
		log.Print(err)
	}
	return ss
}

func (h *host) serve(ctx context.Context, t mcp.Transport) { // want serve:`runner\(t=1, ctx=0\)`
	if err := h.server.Run(ctx, t); err != nil {
		log.Print(err)
	}
}

func (h *host) serveDetached(t mcp.Transport) { // want serveDetached:`runner\(t=0, ctx=-1\)`
	_ = h.server.Run(context.Background(), t)
}

func (h *host) leaks(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.connect(r.Context(), t) // want `per-request session is never closed when its handshake is refused`
	if err != nil {
		return
	}
	println(ss.ID())
	t.ServeHTTP(w, r)
}

func (h *host) leaksTwice(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	h.attach(r, t) // want `per-request \*mcp.ServerSession is discarded`
	t.ServeHTTP(w, r)
}

func (h *host) runs(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go h.serve(context.Background(), t) // want `Server.Run of a per-request transport on a context never cancelled`
	go h.serveDetached(t)               // want `Server.Run of a per-request transport on a context never cancelled`
	t.ServeHTTP(w, r)
}

// Not reported: the session from the wrapper is closed when the handshake
// did not establish it, and Run gets the request's context.
func (h *host) closes(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := h.connect(r.Context(), t)
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

func (h *host) runsOnRequest(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	go h.serve(r.Context(), t)
	t.ServeHTTP(w, r)
}
