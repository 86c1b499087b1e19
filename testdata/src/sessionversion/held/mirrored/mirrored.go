// Package mirrored: a gateway that opens one upstream session per client
// by relaying the client's own initialize and handing the upstream's
// answer back unchanged. It keeps the upstream's Mcp-Session-Id under an
// id of its own, so the client's id must not go upstream; but the client
// and the upstream agreed one revision through that one initialize, so
// the client's MCP-Protocol-Version is the upstream session's, and
// sending it on is silent.
package mirrored

import (
	"bytes"
	"crypto/rand"
	"io"
	"net/http"
	"sync"
)

type bridge struct {
	target string
	mu     sync.Mutex
	peers  map[string]string // the gateway's id -> the upstream's
}

func (b *bridge) send(r *http.Request, payload []byte, upstreamID string) (*http.Response, error) {
	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, b.target, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	out.Header.Set("Content-Type", "application/json")
	if v := r.Header.Get("MCP-Protocol-Version"); v != "" {
		out.Header.Set("MCP-Protocol-Version", v)
	}
	if upstreamID != "" {
		out.Header.Set("Mcp-Session-Id", upstreamID)
	}
	return http.DefaultClient.Do(out)
}

// open relays the client's initialize as it came and maps a fresh id of
// the gateway's to the upstream's.
func (b *bridge) open(w http.ResponseWriter, r *http.Request, payload []byte) {
	resp, err := b.send(r, payload, "")
	if err != nil {
		http.Error(w, "upstream unavailable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	mine := rand.Text()
	b.mu.Lock()
	b.peers[mine] = resp.Header.Get("Mcp-Session-Id")
	b.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", mine)
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// leak sends the client's own id upstream, where the upstream knows only
// the one the gateway keeps for it.
func (b *bridge) leak(r *http.Request, payload []byte) {
	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, b.target, bytes.NewReader(payload))
	if err != nil {
		return
	}
	out.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id")) // want `sends the downstream client's Mcp-Session-Id upstream`
	_, _ = http.DefaultClient.Do(out)
}
