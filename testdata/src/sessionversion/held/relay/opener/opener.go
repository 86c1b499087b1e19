// Package opener: a gateway that keeps nothing itself but opens its
// upstream session through a Forwarder, which keeps the id; the client's
// id handed to Post then names nothing upstream.
package opener

import (
	"io"
	"net/http"

	"fixtures/sessionversion/held/relay/forwarder"
)

type gateway struct{ fwd *forwarder.Forwarder }

func (g *gateway) start(initialize []byte) error { return g.fwd.Open(initialize) }

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "Bad Request", http.StatusBadRequest)
		return
	}
	resp, err := g.fwd.Post(r.Header.Get("Mcp-Session-Id"), body) // want `hands the downstream client's Mcp-Session-Id to a function that sends it upstream`
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// serveOwn sends the session the Forwarder keeps: right.
func (g *gateway) serveOwn(w http.ResponseWriter, body []byte) {
	resp, err := g.fwd.Post(g.fwd.Session(), body)
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	resp.Body.Close()
}
