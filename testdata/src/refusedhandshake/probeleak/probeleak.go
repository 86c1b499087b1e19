// Package probeleak builds per-request sessions of an SDK whose discovery
// handler records InitializeParams without a handshake
// (probeleak/internal/mcp): a refusal test reading InitializeParams keeps
// every probed session, in this package as in the SDK's own handler.
package probeleak

import (
	"crypto/rand"
	"net/http"

	"fixtures/refusedhandshake/probeleak/internal/mcp"
)

var server = &mcp.Server{}

// The refusal test is right in form: against this SDK it is wrong in fact.
func deferredTest(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil) // want `per-request session is closed only if no handshake is recorded, but the server/discover handler mcp.Server.probe records one`
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
	ss, err := server.Connect(r.Context(), t, nil) // want `closed only if no handshake is recorded`
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

// A test that is not a nil test of an accessor is taken as the refusal test
// it usually is, as before: a close follows the serve, not reported.
func otherAccessor(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	defer func() {
		if ss.Level() == "" {
			ss.Close()
		}
	}()
	t.ServeHTTP(w, r)
}
