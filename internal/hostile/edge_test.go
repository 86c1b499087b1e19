package hostile_test

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Connections that send nothing: -max-conns bounds how many the server
// holds; more wait in the kernel's accept queue.
func TestConnectionCap(t *testing.T) {
	p := start(t, "-max-conns", "50")
	base := p.fds(t)
	var conns []net.Conn
	for range 200 {
		c, err := net.Dial("tcp", p.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	time.Sleep(500 * time.Millisecond)
	held := p.fds(t) - base
	t.Logf("200 silent connections: the server holds %d (cap 50)", held)
	if held > 50 {
		t.Errorf("the server holds %d connections; -max-conns is 50", held)
	}
}

const modernInit = `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`

// Requests naming a foreign Host or coming from a foreign browser origin,
// on a loopback listener (DNS rebinding): refused 403 on both legs, with a
// JSON-RPC body, before any session exists.
func TestForeignHostAndOrigin(t *testing.T) {
	p := start(t)
	for _, c := range []struct {
		name, body string
		hdr        []string
	}{
		{"legacy Host", initBody(1), []string{"Host", "evil.example"}},
		{"legacy Origin", initBody(1), []string{"Origin", "http://evil.example"}},
		{"modern Host", modernInit, []string{"Host", "evil.example", "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover"}},
		{"modern Origin", modernInit, []string{"Origin", "http://evil.example", "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover"}},
	} {
		r, err := post(http.DefaultClient, p.url, "", c.body, c.hdr...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.status != http.StatusForbidden || !isJSONRPCError(r.body) {
			t.Errorf("%s: %d %q, want 403 with a JSON-RPC error body", c.name, r.status, strings.TrimSpace(r.body))
		}
	}
	if open := p.stats(t)["open_sessions"]; open != 0 {
		t.Errorf("%d sessions after refused handshakes", open)
	}
}

// Handshakes refused on their headers alone: before, each built a whole
// server (16–50× a refusal's cost) before the transport looked at the
// headers; now none is built.
func TestCheapRefusalsBuildNoServer(t *testing.T) {
	p := start(t)
	before := p.serversBuilt(t)
	for _, c := range []struct {
		name string
		hdr  []string
	}{
		{"Accept", []string{"Accept", "text/html"}},
		{"Content-Type", []string{"Content-Type", "text/plain"}},
		{"Host", []string{"Host", "evil.example"}},
		{"Origin", []string{"Origin", "http://evil.example"}},
	} {
		for range 50 {
			r, err := post(http.DefaultClient, p.url, "", initBody(1), c.hdr...)
			if err != nil {
				t.Fatal(err)
			}
			if r.status < 400 || r.status >= 500 || !isJSONRPCError(r.body) {
				t.Fatalf("%s: %d %q", c.name, r.status, r.body)
			}
		}
	}
	built := p.serversBuilt(t) - before
	t.Logf("200 handshakes refused on their headers built %d servers", built)
	if built != 0 {
		t.Errorf("refused handshakes built %d servers", built)
	}
}
