package streamable_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// CheckHandshake refuses exactly what a fresh session transport refuses
// before its server answers, with the same status, code and id; what it
// lets through, the transport serves (or its server refuses).
func TestCheckHandshakeAnswersAsTheTransport(t *testing.T) {
	v := protocol.Version20250618
	modernClaim := `{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
	for _, c := range []struct {
		name, body string
		hdr        []string
		refused    bool
	}{
		{"valid", initBody(1, v), nil, false},
		{"valid with its header", initBody(1, v), []string{"Mcp-Protocol-Version", v}, false},
		{"foreign Host", initBody(1, v), []string{"Host", "evil.example"}, true},
		{"foreign Origin", initBody(1, v), []string{"Origin", "http://evil.example"}, true},
		{"Accept", initBody(1, v), []string{"Accept", "text/html"}, true},
		{"Content-Type", initBody(1, v), []string{"Content-Type", "text/plain"}, true},
		{"unknown version header", initBody(2, v), []string{"Mcp-Protocol-Version", "1999-01-01"}, true},
		{"unsupported version header", initBody(2, v), []string{"Mcp-Protocol-Version", protocol.Version20241105}, true},
		{"garbage version header", initBody(2, v), []string{"Mcp-Protocol-Version", "latest"}, true},
		{"claim in _meta", modernClaim, nil, true},
		{"initialize without an id", `{"jsonrpc":"2.0","method":"initialize","params":{}}`, nil, true},
		{"params of the wrong type", `{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":5}}`, nil, true},
		{"params not an object", `{"jsonrpc":"2.0","id":"i","method":"initialize","params":[1]}`, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := onLoopback(request(http.MethodPost, c.body, c.hdr...))
			for i := 0; i+1 < len(c.hdr); i += 2 {
				if c.hdr[i] == "Host" {
					r.Host = c.hdr[i+1]
				}
			}
			raw, err := io.ReadAll(r.Body)
			if err != nil {
				t.Fatal(err)
			}
			p, err := edge.Decode(raw)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			id, cerr := streamable.CheckHandshake(r, p, nil, nil)
			if (cerr != nil) != c.refused {
				t.Fatalf("CheckHandshake = %v, want refused %v", cerr, c.refused)
			}
			r.Body = io.NopCloser(bytes.NewReader(raw))
			pr := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
			w := serve(pr.tr, r)
			if cerr == nil {
				if w.Code != http.StatusOK {
					t.Errorf("let through, but the transport answered %d %s", w.Code, w.Body)
				}
				return
			}
			e := protocol.AsError(cerr)
			got := decodeError(t, w)
			wantID, _ := json.Marshal(id)
			if w.Code != e.Status || got.Error.Code != e.Code || string(got.ID) != string(wantID) || got.Error.Message != e.Message {
				t.Errorf("CheckHandshake: %d %d %q id %s; the transport: %d %d %q id %s",
					e.Status, e.Code, e.Message, wantID, w.Code, got.Error.Code, got.Error.Message, got.ID)
			}
			pr.waitEnded(t)
		})
	}
}
