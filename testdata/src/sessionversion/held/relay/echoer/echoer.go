// Package echoer: a gateway that hands the client's Mcp-Session-Id to a
// Forwarder whose package keeps upstream sessions of its own, and answers
// its client with that same id, never the upstream's. The id its client
// sends was never issued by the upstream, so relaying it names nothing
// there; the pass-through proxy beside it, which hands the upstream's id
// back, is silent.
package echoer

import (
	"io"
	"net/http"

	"fixtures/sessionversion/held/relay/forwarder"
)

type gateway struct{ fwd *forwarder.Forwarder }

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "Bad Request", http.StatusBadRequest)
		return
	}
	resp, err := g.fwd.Post(sid, body) // want `hands the downstream client's Mcp-Session-Id to a function that sends it upstream`
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Mcp-Session-Id", sid)
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}
