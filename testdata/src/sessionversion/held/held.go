// Package held: a gateway that initializes its upstream itself and keeps
// the upstream's Mcp-Session-Id, then relays the downstream client's hop
// headers onto its own upstream requests, by name or by copying every
// header. Beside them, requests that carry the gateway's own session and
// revision are silent.
package held

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
)

type link struct {
	upstreamID string
	version    string
}

type gateway struct {
	upstream   string
	upSession  string
	upRevision string
	links      sync.Map
}

// hello is the gateway's own initialize: the revision it proposes is its
// own, whatever its clients agreed with it.
const hello = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gw","version":"1"}}}`

// connect initializes the upstream and keeps its session id.
func (g *gateway) connect() error {
	resp, err := http.Post(g.upstream, "application/json", strings.NewReader(hello))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	g.upSession = resp.Header.Get("Mcp-Session-Id")
	return nil
}

// connectFor keeps one upstream session per downstream session.
func (g *gateway) connectFor(down string, body []byte) error {
	resp, err := http.Post(g.upstream, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	g.links.Store(down, link{upstreamID: resp.Header.Get("Mcp-Session-Id"), version: "2025-06-18"})
	return nil
}

func (g *gateway) relayByName(w http.ResponseWriter, r *http.Request, body []byte) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))             // want `sends the downstream client's Mcp-Session-Id upstream, where the gateway holds a session of its own`
	up.Header.Set("MCP-Protocol-Version", r.Header.Get("MCP-Protocol-Version")) // want `sends the downstream client's MCP-Protocol-Version upstream`
	_, _ = http.DefaultClient.Do(up)
}

func (g *gateway) relayAll(w http.ResponseWriter, r *http.Request, body []byte) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header = r.Header.Clone() // want `copies the downstream client's MCP-Protocol-Version upstream with every other header`
	up.Header.Set("Mcp-Session-Id", g.upSession)
	_, _ = http.DefaultClient.Do(up)
}

// own sends the gateway's session and the revision it negotiated.
func (g *gateway) own(w http.ResponseWriter, r *http.Request, body []byte) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header = r.Header.Clone()
	up.Header.Set("Mcp-Session-Id", g.upSession)
	up.Header.Set("MCP-Protocol-Version", g.upRevision)
	up.Header.Set("Accept", r.Header.Get("Accept"))
	_, _ = http.DefaultClient.Do(up)
}

// copyHeaders copies every header of src into dst.
func copyHeaders(dst, src http.Header) {
	for k, vs := range src {
		for _, v := range vs {
			dst.Add(k, v)
		}
	}
}

// relayHelper copies through the helper and adds the revision after.
func (g *gateway) relayHelper(w http.ResponseWriter, r *http.Request, body []byte) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstream, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	copyHeaders(up.Header, r.Header)                    // want `copies the downstream client's Mcp-Session-Id upstream with every other header`
	up.Header.Add("MCP-Protocol-Version", g.upRevision) // want `Mcp-Protocol-Version added to a request that already carries`
	_, _ = http.DefaultClient.Do(up)
}
