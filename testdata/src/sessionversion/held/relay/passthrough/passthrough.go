// Package passthrough: a proxy that keeps no upstream session of its own.
// It sends every message, initialize included, through a Forwarder
// without opening one, and hands the client back the id the upstream
// answers with: the id its client sends is the upstream's, so handing it
// to Post relays it rightly, though the Forwarder's package can hold a
// session of its own elsewhere.
package passthrough

import (
	"io"
	"net/http"

	"fixtures/sessionversion/held/relay/forwarder"
)

type proxy struct{ fwd *forwarder.Forwarder }

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "Bad Request", http.StatusBadRequest)
		return
	}
	resp, err := p.fwd.Post(r.Header.Get("Mcp-Session-Id"), body)
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}
