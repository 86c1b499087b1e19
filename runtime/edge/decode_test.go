package edge_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// refusal returns Decode's refusal of body, failing the test if there is none.
func refusal(t *testing.T, body string) *protocol.Error {
	t.Helper()
	p, err := edge.Decode([]byte(body))
	if err == nil {
		t.Fatalf("Decode(%s) = %+v, want a refusal", body, p.Messages)
	}
	var e *protocol.Error
	if !errors.As(err, &e) {
		t.Fatalf("Decode(%s) error %T, want *protocol.Error", body, err)
	}
	return e
}

func TestDecodeRefuses(t *testing.T) {
	for _, tc := range []struct {
		body string
		code int64
	}{
		{``, protocol.CodeParseError},
		{`  `, protocol.CodeParseError},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"`, protocol.CodeParseError},
		// Trailing data: go-sdk's decoder reads the first value and ignores
		// the rest; the body is not one JSON value.
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}`, protocol.CodeParseError},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"} x`, protocol.CodeParseError},
		{`"hello"`, protocol.CodeInvalidRequest},
		{`42`, protocol.CodeInvalidRequest},
		{`[]`, protocol.CodeInvalidRequest},
		{`[1]`, protocol.CodeInvalidRequest},
		{`[{"jsonrpc":"2.0","id":1,"method":null}]`, protocol.CodeInvalidRequest},
		{`{"id":1,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"JSONRPC":"2.0","id":1,"method":"ping"}`, protocol.CodeInvalidRequest},
		// go-sdk reads a null method as "" and answers 200 with code 0.
		{`{"jsonrpc":"2.0","id":1,"method":null}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":7}`, protocol.CodeInvalidRequest},
		// Ids go-sdk would answer under another id.
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1e308,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1.0,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":{},"method":"ping"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","result":{}}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"error":"boom"}`, protocol.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}`, protocol.CodeInvalidRequest},
	} {
		e := refusal(t, tc.body)
		if e.Status != 400 || e.Code != tc.code {
			t.Errorf("Decode(%s) = %d/%d %q, want 400/%d", tc.body, e.Status, e.Code, e.Message, tc.code)
		}
	}
}

func TestDecodeAccepts(t *testing.T) {
	for _, tc := range []struct {
		body   string
		method string // "" for a response
		id     any
	}{
		{` {"jsonrpc":"2.0","id":1,"method":"ping"} ` + "\n", "ping", int64(1)},
		{`{"jsonrpc":"2.0","id":"a","method":"ping"}`, "ping", "a"},
		{`{"jsonrpc":"2.0","id":-9007199254740991,"method":"ping"}`, "ping", int64(-9007199254740991)},
		{`{"jsonrpc":"2.0","id":null,"method":"notifications/initialized"}`, "notifications/initialized", nil},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notifications/initialized", nil},
		// Escapes decode as go-sdk decodes them; the last duplicate wins.
		{`{"jsonrpc":"2.0","id":1,"\u006dethod":"initi\u0061lize"}`, "initialize", int64(1)},
		{`{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`, "b", int64(1)},
		{`{"jsonrpc":"2.0","id":3,"result":{}}`, "", int64(3)},
		{`{"jsonrpc":"2.0","id":3,"result":{},"error":null}`, "", int64(3)},
		{`{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"m","data":[1]}}`, "", int64(3)},
	} {
		p, err := edge.Decode([]byte(tc.body))
		if err != nil {
			t.Errorf("Decode(%s): %v", tc.body, err)
			continue
		}
		if p.Batch || len(p.Messages) != 1 {
			t.Fatalf("Decode(%s): batch %v, %d messages", tc.body, p.Batch, len(p.Messages))
		}
		m := p.Messages[0]
		var id jsonrpc.ID
		switch msg := m.Msg.(type) {
		case *jsonrpc.Request:
			if msg != m.Request || msg.Method != tc.method {
				t.Errorf("Decode(%s): method %q, want %q", tc.body, msg.Method, tc.method)
			}
			id = msg.ID
		case *jsonrpc.Response:
			if tc.method != "" || m.Request != nil {
				t.Errorf("Decode(%s): a response, want a request", tc.body)
			}
			id = msg.ID
		}
		if id.Raw() != tc.id {
			t.Errorf("Decode(%s): id %#v, want %#v", tc.body, id.Raw(), tc.id)
		}
	}
}

func TestDecodeBatch(t *testing.T) {
	p, err := edge.Decode([]byte(`[{"jsonrpc":"2.0","id":1,"method":"ping"}, {"jsonrpc":"2.0","id":9,"result":{}} ,{"jsonrpc":"2.0","method":"n"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Batch || len(p.Messages) != 3 || p.ID() != nil {
		t.Fatalf("batch %v, %d messages, id %v", p.Batch, len(p.Messages), p.ID())
	}
	if p.Messages[1].Request != nil || p.Messages[2].Request.Method != "n" {
		t.Errorf("messages decoded wrong: %+v", p.Messages)
	}
	e := refusal(t, `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1.5,"method":"ping"}]`)
	if e.Code != protocol.CodeInvalidRequest || !strings.Contains(e.Message, "element 1") {
		t.Errorf("bad element: %d %q", e.Code, e.Message)
	}
}

func TestDecodeMeta(t *testing.T) {
	const claim = protocol.MetaProtocolVersion
	for _, tc := range []struct {
		params string
		want   edge.Meta
	}{
		{`{"name":"x"}`, edge.Meta{}},
		{`[1,2]`, edge.Meta{}},
		{`null`, edge.Meta{}},
		{`{"_meta":null}`, edge.Meta{}},
		{`{"_meta":{"progressToken":"t1"}}`, edge.Meta{Progress: "s:t1"}},
		{`{"_meta":{"progressToken":7.0}}`, edge.Meta{Progress: "n:7"}},
		{`{"_meta":{"` + claim + `":"2026-07-28"}}`, edge.Meta{Claimed: true, Claim: "2026-07-28"}},
		// The key spelled with escapes is the same key to go-sdk.
		{`{"\u005fmeta":{"io.modelcontextprotocol\/protocolVersion":"2026-07-28"}}`, edge.Meta{Claimed: true, Claim: "2026-07-28"}},
		{`{"_Meta":{"` + claim + `":"2026-07-28"}}`, edge.Meta{}},
		{`{"_meta":{"` + claim + `":null}}`, edge.Meta{Claimed: true, Problem: `params._meta["` + claim + `"] must be a protocol revision string`}},
		{`{"_meta":{"` + claim + `":""}}`, edge.Meta{Claimed: true, Problem: `params._meta["` + claim + `"] must not be empty`}},
		{`{"_meta":[]}`, edge.Meta{Problem: "params._meta must be an object"}},
		{`{"_meta":{"io.modelcontextprotocol/logLevel":3}}`, edge.Meta{Problem: `params._meta["io.modelcontextprotocol/logLevel"] must be a string`}},
		{`{"_meta":{"io.modelcontextprotocol/clientInfo":"x","io.modelcontextprotocol/logLevel":3}}`, edge.Meta{Problem: `params._meta["io.modelcontextprotocol/clientInfo"] must be an object`}},
	} {
		p, err := edge.Decode([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + tc.params + `}`))
		if err != nil {
			t.Fatalf("%s: %v", tc.params, err)
		}
		if got := p.Messages[0].Meta; got != tc.want {
			t.Errorf("params %s: meta %+v, want %+v", tc.params, got, tc.want)
		}
	}
	p, err := edge.Decode([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`))
	if err != nil || p.Messages[0].Meta.InitVersion != "2025-06-18" {
		t.Fatalf("initialize version: %v %+v", err, p)
	}
}
