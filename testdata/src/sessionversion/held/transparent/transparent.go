// Package transparent: a proxy that keeps no upstream session; the
// upstream issued the id its client sends, so relaying it is right.
package transparent

import (
	"bytes"
	"net/http"
)

type proxy struct{ upstream string }

func (p *proxy) relay(w http.ResponseWriter, r *http.Request, body []byte) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, p.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	up.Header.Set("MCP-Protocol-Version", r.Header.Get("MCP-Protocol-Version"))
	resp, err := http.DefaultClient.Do(up)
	if err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Mcp-Session-Id", resp.Header.Get("Mcp-Session-Id"))
}

// relayLocal reads the client's hop headers into locals first: still the
// upstream's own id, rightly relayed.
func (p *proxy) relayLocal(w http.ResponseWriter, r *http.Request, body []byte) {
	id := r.Header.Get("Mcp-Session-Id")
	revision := r.Header.Get("MCP-Protocol-Version")
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, p.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", id)
	up.Header.Set("MCP-Protocol-Version", revision)
	_, _ = http.DefaultClient.Do(up)
}
