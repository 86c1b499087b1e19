package hostile_test

import (
	"fmt"
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
	var got []string
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
		kind := "plain text"
		if isJSONRPCError(r.body) {
			kind = "JSON-RPC"
		}
		got = append(got, fmt.Sprintf("%s %d %s", c.name, r.status, kind))
		if r.status != http.StatusForbidden || !isJSONRPCError(r.body) {
			t.Errorf("%s: %d %q, want 403 with a JSON-RPC error body", c.name, r.status, strings.TrimSpace(r.body))
		}
	}
	open := p.stats(t)["open_sessions"]
	t.Logf("foreign Host/Origin on a loopback listener: %s; open sessions %d", strings.Join(got, ", "), open)
	if open != 0 {
		t.Errorf("%d sessions after refused handshakes", open)
	}
}

// Handshakes the transport refuses before their server has a say, on their
// headers (Host, Origin, Accept, Content-Type, an MCP-Protocol-Version that
// names no session revision or contradicts the initialize) or on the
// initialize's shape: before, each built a whole server (16–50× a
// refusal's cost) before the transport looked; now none is built.
func TestCheapRefusalsBuildNoServer(t *testing.T) {
	p := start(t)
	before := p.serversBuilt(t)
	noID := `{"jsonrpc":"2.0","method":"initialize","params":{}}`
	badParams := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}`
	cases := []struct {
		name, body string
		hdr        []string
	}{
		{"Accept", initBody(1), []string{"Accept", "text/html"}},
		{"Content-Type", initBody(1), []string{"Content-Type", "text/plain"}},
		{"Host", initBody(1), []string{"Host", "evil.example"}},
		{"Origin", initBody(1), []string{"Origin", "http://evil.example"}},
		{"unknown version", initBody(1), []string{"MCP-Protocol-Version", "1999-01-01"}},
		{"version not served", initBody(1), []string{"MCP-Protocol-Version", "2024-11-05"}},
		{"sessionless version on initialize", initBody(1), []string{"MCP-Protocol-Version", "2026-07-28"}},
		{"initialize without an id", noID, nil},
		{"initialize params of the wrong type", badParams, nil},
	}
	const each = 50
	built := map[string]int{}
	for _, c := range cases {
		n := p.serversBuilt(t)
		for range each {
			r, err := post(http.DefaultClient, p.url, "", c.body, c.hdr...)
			if err != nil {
				t.Fatal(err)
			}
			if r.status < 400 || r.status >= 500 || !isJSONRPCError(r.body) {
				t.Fatalf("%s: %d %q", c.name, r.status, r.body)
			}
		}
		built[c.name] = p.serversBuilt(t) - n
	}
	total := p.serversBuilt(t) - before
	t.Logf("%d handshakes refused before their server has a say (%d per kind) built %d servers; per kind: %v", len(cases)*each, each, total, built)
	if total != 0 {
		t.Errorf("refused handshakes built %d servers", total)
	}
}

// modernList is a 2026-07-28 tools/list the stateless leg answers.
const modernList = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"hostile","version":"0"}}}}`

// A server on a non-loopback address (its listener reports 192.0.2.10, a
// TEST-NET-1 address, as its own and its connections'; it is bound to
// 127.0.0.1 and no traffic goes elsewhere). With no allowlist every Host is
// served, so Origin is what stands between a page on another site and the
// server: a foreign Origin is refused 403 on both legs, a same-origin one
// served, and the start-up log says so and warns. With -allowed-hosts a
// foreign Host is refused on both legs. Before, a non-loopback listener
// with no allowlist served any Origin, and the modern leg never looked.
func TestNonLoopbackListener(t *testing.T) {
	const ip = "192.0.2.10"
	modern := []string{"MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list"}
	type check struct {
		name, body string
		hdr        []string
		status     int
	}
	run := func(t *testing.T, p *proc, checks []check) {
		t.Helper()
		for _, c := range checks {
			r, err := post(http.DefaultClient, p.url, "", c.body, c.hdr...)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			t.Logf("%s: %d %.100q", c.name, r.status, strings.TrimSpace(r.body))
			if r.status != c.status || (r.status >= 400 && !isJSONRPCError(r.body)) {
				t.Errorf("%s: %d %q, want %d (a JSON-RPC error body if refused)", c.name, r.status, strings.TrimSpace(r.body), c.status)
			}
		}
	}
	t.Run("no allowlist", func(t *testing.T) {
		p := startReporting(t, ip)
		_, port, _ := net.SplitHostPort(p.addr)
		host := net.JoinHostPort(ip, port) // what its clients send
		t.Logf("start-up log:\n%s", p.startLog)
		for _, want := range []string{`hosts=any`, `same-origin requests (Origin matching Host)`, `not a loopback address and no -allowed-hosts`} {
			if !strings.Contains(p.startLog, want) {
				t.Errorf("the start-up log does not say %q", want)
			}
		}
		run(t, p, []check{
			{"legacy, foreign Origin", initBody(1), []string{"Host", host, "Origin", "http://evil.example"}, http.StatusForbidden},
			{"modern, foreign Origin", modernList, append([]string{"Host", host, "Origin", "http://evil.example"}, modern...), http.StatusForbidden},
			{"legacy, same-origin", initBody(1), []string{"Host", host, "Origin", "http://" + host}, http.StatusOK},
			{"modern, same-origin", modernList, append([]string{"Host", host, "Origin", "http://" + host}, modern...), http.StatusOK},
			{"legacy, no Origin, any Host", initBody(1), []string{"Host", "mcp.example.com"}, http.StatusOK},
		})
	})
	t.Run("allowed hosts", func(t *testing.T) {
		p := startReporting(t, ip, "-allowed-hosts", "mcp.example.com")
		t.Logf("start-up log:\n%s", p.startLog)
		if !strings.Contains(p.startLog, `hosts="only mcp.example.com"`) || strings.Contains(p.startLog, "not a loopback address") {
			t.Errorf("the start-up log does not say that only mcp.example.com is served, or still warns")
		}
		run(t, p, []check{
			{"legacy, foreign Host", initBody(1), []string{"Host", "evil.example"}, http.StatusForbidden},
			{"modern, foreign Host", modernList, append([]string{"Host", "evil.example"}, modern...), http.StatusForbidden},
			{"legacy, allowed Host", initBody(1), []string{"Host", "mcp.example.com"}, http.StatusOK},
			{"modern, allowed Host", modernList, append([]string{"Host", "mcp.example.com"}, modern...), http.StatusOK},
			{"legacy, allowed Host, foreign Origin", initBody(1), []string{"Host", "mcp.example.com", "Origin", "http://evil.example"}, http.StatusForbidden},
		})
	})
}
