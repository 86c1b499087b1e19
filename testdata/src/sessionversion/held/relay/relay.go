// Package relay: a gateway holding its own upstream session whose
// client's hop headers still reach the upstream, through a local, the
// field it keeps the upstream id in, a helper's parameter (here and in
// another package), a helper handed the incoming request, a copy loop
// that skips only some hop headers, and a Set made only when the copy
// brought none. Beside each, the gateway's own session is sent and stays
// silent.
package relay

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"fixtures/sessionversion/held/relay/forwarder"
)

type conn struct {
	url       string
	sessionID string
	revision  string
}

type gateway struct {
	conn *conn
	fwd  *forwarder.Forwarder
}

// handshake is the gateway's own initialize request.
type handshake struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
}

// open initializes the upstream and keeps its session id.
func (g *gateway) open() error {
	body, _ := json.Marshal(handshake{JSONRPC: "2.0", ID: 1, Method: "initialize"})
	resp, err := http.Post(g.conn.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	id := resp.Header.Get("Mcp-Session-Id")
	g.conn.sessionID = id
	return nil
}

// throughLocal reads the client's id into a local and sends it upstream.
func (g *gateway) throughLocal(w http.ResponseWriter, r *http.Request) {
	clientID := r.Header.Get("Mcp-Session-Id")
	up, err := http.NewRequestWithContext(r.Context(), http.MethodDelete, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", clientID) // want `sends the downstream client's Mcp-Session-Id upstream`
	_, _ = http.DefaultClient.Do(up)
}

// ownThroughLocal reads the client's id for a log and sends its own.
func (g *gateway) ownThroughLocal(w http.ResponseWriter, r *http.Request) {
	clientID := r.Header.Get("Mcp-Session-Id")
	if clientID != g.conn.sessionID {
		clientID = g.conn.sessionID
	}
	up, err := http.NewRequestWithContext(r.Context(), http.MethodDelete, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", clientID)
	up.Header.Set("MCP-Protocol-Version", g.conn.revision)
	_, _ = http.DefaultClient.Do(up)
}

// adopt takes the client's id as the upstream session's when it has none.
func (g *gateway) adopt(w http.ResponseWriter, r *http.Request) {
	clientID := r.Header.Get("Mcp-Session-Id")
	if clientID != "" && g.conn.sessionID == "" {
		g.conn.sessionID = clientID // want `keeps the downstream client's Mcp-Session-Id as the upstream session's id`
	}
	w.WriteHeader(http.StatusAccepted)
}

// serve hands the client's revision to a helper that sends it.
func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	g.post(w, r.Header.Get("MCP-Protocol-Version"))
	g.postOwn(w, g.conn.revision)
}

func (g *gateway) post(w http.ResponseWriter, revision string) {
	up, err := http.NewRequest(http.MethodPost, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	up.Header.Set("MCP-Protocol-Version", revision) // want `sends the downstream client's MCP-Protocol-Version upstream`
	_, _ = http.DefaultClient.Do(up)
}

func (g *gateway) postOwn(w http.ResponseWriter, revision string) {
	up, err := http.NewRequest(http.MethodPost, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	up.Header.Set("MCP-Protocol-Version", revision)
	_, _ = http.DefaultClient.Do(up)
}

// viaPackage hands the client's id to another package's sender; the
// gateway's own id beside it is right.
func (g *gateway) viaPackage(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, _ = g.fwd.Post(id, nil) // want `hands the downstream client's Mcp-Session-Id to a function that sends it upstream`
	_, _ = g.fwd.Post(g.fwd.Session(), nil)
}

// handle passes its request to a helper that takes no writer.
func (g *gateway) handle(w http.ResponseWriter, r *http.Request) {
	if _, err := g.forward(r, nil); err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
	}
}

// forward copies the incoming headers and sets its own id only when the
// client sent none.
func (g *gateway) forward(r *http.Request, body []byte) (*http.Response, error) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.conn.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	up.Header = r.Header.Clone() // want `copies the downstream client's Mcp-Session-Id upstream` `copies the downstream client's MCP-Protocol-Version upstream`
	if up.Header.Get("Mcp-Session-Id") == "" {
		up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	}
	return http.DefaultClient.Do(up)
}

// handleOwn passes its request to a helper that replaces both hop headers.
func (g *gateway) handleOwn(w http.ResponseWriter, r *http.Request) {
	if _, err := g.forwardOwn(r, nil); err != nil {
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
	}
}

func (g *gateway) forwardOwn(r *http.Request, body []byte) (*http.Response, error) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.conn.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	up.Header = r.Header.Clone()
	up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	up.Header.Set("MCP-Protocol-Version", g.conn.revision)
	return http.DefaultClient.Do(up)
}

// skipSome copies every header but the session id and credentials: the
// client's revision still goes upstream.
func (g *gateway) skipSome(w http.ResponseWriter, r *http.Request) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	for k, vs := range r.Header { // want `copies the downstream client's MCP-Protocol-Version upstream`
		if strings.EqualFold(k, "Mcp-Session-Id") || strings.EqualFold(k, "Authorization") {
			continue
		}
		for _, v := range vs {
			up.Header.Add(k, v)
		}
	}
	up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	_, _ = http.DefaultClient.Do(up)
}

// skipBoth copies every header but the two hop headers.
func (g *gateway) skipBoth(w http.ResponseWriter, r *http.Request) {
	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.conn.url, nil)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	for k, vs := range r.Header {
		if k == "Mcp-Session-Id" || k == "Mcp-Protocol-Version" {
			continue
		}
		for _, v := range vs {
			up.Header.Add(k, v)
		}
	}
	up.Header.Set("Mcp-Session-Id", g.conn.sessionID)
	up.Header.Set("MCP-Protocol-Version", g.conn.revision)
	_, _ = http.DefaultClient.Do(up)
}
