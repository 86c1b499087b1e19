// Package probeleak builds per-request sessions of an SDK whose discovery
// handler records InitializeParams without a handshake
// (probefixed/internal/mcp): a refusal test reading InitializeParams keeps
// every probed session, in this package as in the SDK's own handler.
package probeleak

import (
	"crypto/rand"
	"net/http"

	"fixtures/refusedhandshake/probefixed/internal/mcp"
)

var server = &mcp.Server{}

// The refusal test is right in form and, against this SDK, in fact.
func deferredTest(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	t.ServeHTTP(w, r)
}

// The same test written after the serve, in the handler's own body.
func inlineTest(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	t.ServeHTTP(w, r)
	if p := ss.InitializeParams(); p == nil {
		ss.Close()
	}
}

// A close on every path does not depend on the test: not reported.
func alwaysClosed(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	defer ss.Close()
	t.ServeHTTP(w, r)
}
