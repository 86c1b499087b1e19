// Package capturedreach pins reaching definitions for an err variable a
// closure captures (SSA keeps it in memory, so every store to it used to
// count): only the stores that can reach the test are the error's origins.
// The body read's 400 is the client's even though a store's failure is
// later stored into the same variable; a store failure that does reach
// the test is still reported.
package capturedreach

import (
	"context"
	"io"
	"net/http"
)

type events interface {
	Open(ctx context.Context, stream string) error
}

type conn struct{ events events }

func (c *conn) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "failed to read body", http.StatusBadRequest)
		return
	}
	if err = c.events.Open(r.Context(), string(body)); err != nil {
		http.Error(w, "storing stream", http.StatusInternalServerError)
		return
	}
	flush := func() { err = nil }
	defer flush()
}

func (c *conn) reused(w http.ResponseWriter, r *http.Request) {
	var err error
	send := func(p []byte) { _, err = w.Write(p) }
	if r.Method == http.MethodGet {
		err = c.events.Open(r.Context(), "standalone")
	} else {
		_, err = io.ReadAll(r.Body)
	}
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest) // want `answers 400 for an error that can come from c.events.Open`
		return
	}
	send(nil)
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (c *conn) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", c.reused)
}
