package streamable_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FuzzPOST sends arbitrary bodies and headers to a fresh or an established
// session. Whatever the client sends, the transport must not panic, must
// not answer 5xx (client garbage is never a server failure), and every
// refusal must be a JSON-RPC error body whose code fits its status.
func FuzzPOST(f *testing.F) {
	for _, seed := range []struct {
		body                   string
		accept, ctype, version string
		session                uint8
	}{
		{initBody(1, protocol.Version20250618), "application/json, text/event-stream", "application/json", "", 0},
		{listBody(2), "application/json, text/event-stream", "application/json", protocol.Version20250618, 1},
		{`[` + listBody(2) + `,` + initializedBody + `]`, "*/*", "application/json; charset=utf-8", "", 1},
		{`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},"_meta":{"progressToken":7}}}`, "application/json, text/event-stream", "application/json", protocol.Version20251125, 1},
		{`{"jsonrpc":"2.0","id":5,"result":{}}`, "application/json, text/event-stream", "application/json", "", 3},
		{`{"jsonrpc":"2.0","id":{},"method":"x"}`, "text/*, application/*", "application/json", "2026-07-28", 0},
		{`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":5}}}`, "application/json, text/event-stream", "application/json", "", 1},
		{"\xff\xfe", "", "", "", 2},
		// go-sdk refuses this initialize itself, with code 0.
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}`, "application/json, text/event-stream", "application/json", "", 0},
	} {
		f.Add([]byte(seed.body), seed.accept, seed.ctype, seed.version, seed.session)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "fuzz", Version: "0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		return textResult(in.Text), nil, nil
	})
	f.Fuzz(func(t *testing.T, body []byte, accept, ctype, version string, session uint8) {
		p := connectTo(t, server, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true, MaxBodyBytes: 1 << 16})
		defer p.waitEnded(t)
		defer p.tr.Close()
		sid := ""
		if session&1 == 1 {
			sid = establish(t, p.tr)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		r := httptest.NewRequestWithContext(ctx, http.MethodPost, "http://127.0.0.1/mcp", bytes.NewReader(body))
		for k, v := range map[string]string{"Accept": accept, "Content-Type": ctype, protocol.HeaderProtocolVersion: version} {
			if v != "" {
				r.Header.Set(k, v)
			}
		}
		switch {
		case session&2 == 2:
			r.Header.Set(protocol.HeaderSessionID, "fuzzed-"+version)
		case sid != "":
			r.Header.Set(protocol.HeaderSessionID, sid)
		}
		w := serve(p.tr, r)
		if w.Code >= 500 {
			t.Fatalf("client input answered %d: %s", w.Code, w.Body)
		}
		if w.Code < 400 {
			return
		}
		var e struct {
			Error struct {
				Code int64 `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatalf("refusal %d body %q is not JSON: %v", w.Code, w.Body, err)
		}
		if w.Header().Get(protocol.HeaderSessionID) != "" {
			t.Fatalf("refusal %d carried %s", w.Code, protocol.HeaderSessionID)
		}
		switch e.Error.Code {
		case protocol.CodeParseError, protocol.CodeInvalidRequest, protocol.CodeServerError, protocol.CodeSessionNotFound, protocol.CodeUnsupportedProtocolVersion:
		default:
			// An initialize the server itself refused carries the
			// server's code, with the status that fits it.
			if w.Code != protocol.StatusForCode(e.Error.Code) {
				t.Fatalf("refusal %d with unexpected code %d", w.Code, e.Error.Code)
			}
		}
		if e.Error.Code == protocol.CodeSessionNotFound && w.Code != 404 {
			t.Fatalf("-32001 with status %d", w.Code)
		}
	})
}
