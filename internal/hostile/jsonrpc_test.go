package hostile_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

const claim = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`

// Requests the 2026-07-28 leg refuses: every 4xx carries a JSON-RPC error
// body, as on the session leg, never go-sdk's plain text.
func TestModernLegRefusalsAreJSONRPC(t *testing.T) {
	p := start(t)
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	for _, c := range []struct{ name, body string }{
		{"nesting beyond the depth limit", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + claim + `,"x":` + deep + `}}`},
		{"id null", `{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{` + claim + `}}`},
		{"unknown notification", `{"jsonrpc":"2.0","method":"notifications/bogus","params":{` + claim + `}}`},
		{"unknown method", `{"jsonrpc":"2.0","id":2,"method":"bogus/method","params":{` + claim + `}}`},
		{"params not an object", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{` + claim + `,"name":5}}`},
	} {
		r, err := post(http.DefaultClient, p.url, "", c.body, "MCP-Protocol-Version", "2026-07-28")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		t.Logf("%s: %d %s %.120q", c.name, r.status, r.header.Get("Content-Type"), r.body)
		if r.status >= 400 && r.status < 500 && !isJSONRPCError(r.body) {
			t.Errorf("%s: %d with a body that is not a JSON-RPC error: %.200q", c.name, r.status, r.body)
		}
	}
}

// 2026-07-28 subscriptions/listen streams held open: before, they were
// neither counted nor capped; now -max-listen-streams bounds them (503).
func TestListenStreamsAreCapped(t *testing.T) {
	p := start(t, "-max-listen-streams", "3")
	body := `{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"notifications":{"toolsListChanged":true}}}`
	open := func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, p.url, strings.NewReader(body))
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "subscriptions/listen")
		return http.DefaultClient.Do(req)
	}
	var held []*http.Response
	for i := range 3 {
		res, err := open()
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		held = append(held, res)
		if res.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(res.Body)
			t.Fatalf("listen stream %d: %d %s", i, res.StatusCode, b)
		}
	}
	res, err := open()
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	if res.StatusCode == http.StatusOK {
		// Uncapped: a fourth stream held like the others (not read: it
		// would never end).
		b = []byte("(a held stream)")
	} else {
		b, _ = io.ReadAll(res.Body)
	}
	res.Body.Close()
	t.Logf("a fourth subscriptions/listen beside three held ones: %d %s", res.StatusCode, b)
	if res.StatusCode != http.StatusServiceUnavailable || !isJSONRPCError(string(b)) {
		t.Errorf("want 503 with a JSON-RPC error")
	}
	// SIGTERM ends the held streams cleanly instead of waiting out
	// -shutdown-timeout (10 s) on them.
	began := time.Now()
	exitErr, log := p.stop(t)
	for i, h := range held {
		if _, err := io.ReadAll(h.Body); err != nil {
			t.Errorf("listen stream %d at SIGTERM: %v", i, err)
		}
	}
	t.Logf("SIGTERM with three listen streams held: exit %v after %.1fs", exitErr, time.Since(began).Seconds())
	if exitErr != nil || time.Since(began) > 5*time.Second {
		t.Errorf("shutdown with listen streams held: exit %v after %v\n%s", exitErr, time.Since(began), log)
	}
}
