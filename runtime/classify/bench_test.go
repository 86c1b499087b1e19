package classify_test

import (
	"bytes"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// A typical 2026-07-28 tools/call as go-sdk's client sends it: the envelope
// with client info and capabilities, a small argument object.
const benchToolsCall = `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"streamable http session wiring","limit":10,"filters":{"lang":"go","since":"2025-01-01"}},` +
	`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench-client","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{"roots":{"listChanged":true},"sampling":{}}}}}`

// The same call from a session-era client.
const benchToolsCallLegacy = `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"streamable http session wiring","limit":10,"filters":{"lang":"go","since":"2025-01-01"}}}}`

func BenchmarkClassify(b *testing.B) {
	for _, bc := range []struct {
		name string
		body string
		h    hdr
	}{
		{"modern", benchToolsCall, hdr{protocol.HeaderProtocolVersion: v2026, protocol.HeaderMethod: "tools/call", protocol.HeaderName: "search"}},
		{"legacy-session", benchToolsCallLegacy, hdr{protocol.HeaderProtocolVersion: v2025, protocol.HeaderSessionID: "0123456789abcdef"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			body := []byte(bc.body)
			r := httptest.NewRequest("POST", "/mcp", nil)
			r.Header = bc.h.header()
			r.ContentLength = int64(len(body))
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			// One reader, reset per call, so that allocs/op counts only
			// the classifier's own allocations.
			rd := bytes.NewReader(body)
			r.Body = io.NopCloser(rd)
			for b.Loop() {
				rd.Reset(body)
				_, res, err := classify.Classify(r, classify.DefaultMaxBodyBytes)
				if err != nil || res.Leg == classify.Reject {
					b.Fatal(res.Reason, err)
				}
			}
		})
	}
}
