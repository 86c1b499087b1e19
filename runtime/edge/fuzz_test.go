package edge_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// FuzzDecode checks the shared decoder against go-sdk's, which serves the
// messages it hands on:
//   - it never panics, and refuses only with 400 and -32700 (exactly when
//     the body is not one JSON value) or -32600;
//   - a message it accepts, go-sdk accepts too and reads the same way (kind,
//     method, id, params, result, error), so no leg is handed something the
//     server would read differently;
//   - an accepted request's id survives go-sdk's encoding unchanged;
//   - what go-sdk refuses, it refuses, except bodies nested deeper than
//     go-sdk's limit (its server then refuses the params in-band).
//
// The two decoders differ on purpose where go-sdk misreads (docs/protocol.md,
// "Decoding"): trailing data, non-string methods, ids that do not survive a
// float64, malformed responses. Those are refused here and not compared.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},"_meta":{"progressToken":"p"}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"result":{}}]`,
		`{"jsonrpc":"2.0","id":1,"error":{"Code":1,"message":"m","data":null}}`,
		`{"jsonrpc":"2.0","id":99999999999999999999,"method":"x","method":"y"}`,
		"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"x\\ud800\"}",
		`{"jsonrpc":"2.0","id":1.5,"method":"x","params":null}`,
		`{"jsonrpc":"2.0","id":1,"method":null}`,
		`{"jsonrpc":"2.0","id":1,"method":"a"}{}`,
		`{"jsonrpc":"2.0","\u0069d":-0,"method":"\u0070ing","params":{"\u005fmeta":{"progressToken":1e2}}}`,
		`{"jsonrpc":"2.0","id":1,"result":{},"error":null}`,
		"\t[ ]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := edge.Decode(body)
		trimmed := bytes.Trim(body, " \t\r\n")
		if err != nil {
			e, ok := err.(*protocol.Error)
			if !ok || e.Status != 400 {
				t.Fatalf("refusal %v", err)
			}
			if (e.Code == protocol.CodeParseError) == json.Valid(trimmed) {
				t.Fatalf("code %d for a body json.Valid says %v about", e.Code, json.Valid(trimmed))
			}
			if e.Code != protocol.CodeParseError && e.Code != protocol.CodeInvalidRequest {
				t.Fatalf("code %d", e.Code)
			}
			// go-sdk may accept what is refused here only in the documented
			// cases; the decoder must not refuse a plain valid message.
			if len(trimmed) > 0 && trimmed[0] == '{' && json.Valid(trimmed) {
				if m, gerr := jsonrpc.DecodeMessage(trimmed); gerr == nil && plain(trimmed, m) {
					t.Fatalf("refused %q (%v), which go-sdk reads as %#v", body, err, m)
				}
			}
			return
		}
		if len(p.Messages) == 0 || p.Batch != (trimmed[0] == '[') {
			t.Fatalf("%d messages, batch %v", len(p.Messages), p.Batch)
		}
		var raws [][]byte
		if p.Batch {
			var elems []json.RawMessage
			if json.Unmarshal(trimmed, &elems) != nil || len(elems) != len(p.Messages) {
				t.Fatalf("batch of %d elements decoded as %d messages", len(elems), len(p.Messages))
			}
			for _, e := range elems {
				raws = append(raws, e)
			}
		} else {
			raws = [][]byte{trimmed}
		}
		for i, m := range p.Messages {
			theirs, gerr := jsonrpc.DecodeMessage(raws[i])
			if gerr != nil {
				if strings.Contains(gerr.Error(), "depth") {
					continue
				}
				t.Fatalf("accepted %q, go-sdk refuses it: %v", raws[i], gerr)
			}
			compare(t, raws[i], m, theirs)
		}
	})
}

// plain reports whether m is a message the decoder has no reason to refuse:
// a string method, a safe integer or string id, a well-formed response.
func plain(raw []byte, m jsonrpc.Message) bool {
	var f map[string]json.RawMessage
	if json.Unmarshal(raw, &f) != nil {
		return false
	}
	if id, ok := f["id"]; ok && !isSafeID(id) {
		return false
	}
	switch m := m.(type) {
	case *jsonrpc.Request:
		meth := f["method"]
		return len(meth) > 0 && meth[0] == '"'
	case *jsonrpc.Response:
		_, hasResult := f["result"]
		e, hasError := f["error"]
		hasError = hasError && string(e) != "null"
		if hasResult == hasError {
			return false
		}
		if hasError {
			var wire map[string]json.RawMessage
			if json.Unmarshal(e, &wire) != nil {
				return false
			}
			if c, ok := wire["code"]; ok && bytes.ContainsAny(c, ".eE") {
				return false
			}
			if msg, ok := wire["message"]; ok && (len(msg) == 0 || msg[0] != '"') {
				return false
			}
		}
		return m.ID.IsValid()
	}
	return false
}

func isSafeID(raw json.RawMessage) bool {
	if string(raw) == "null" || (len(raw) > 0 && raw[0] == '"') {
		return true
	}
	var n int64
	return !bytes.ContainsAny(raw, ".eE") && json.Unmarshal(raw, &n) == nil && n <= 1<<53-1 && n >= -(1<<53-1)
}

func compare(t *testing.T, raw []byte, ours edge.Message, theirs jsonrpc.Message) {
	t.Helper()
	// encoding/json and go-sdk's decoder replace invalid UTF-8
	// differently; the bytes are compared, not the strings, then.
	strict := utf8.Valid(raw)
	switch th := theirs.(type) {
	case *jsonrpc.Request:
		r := ours.Request
		if r == nil || ours.Msg != r {
			t.Fatalf("%q: a request to go-sdk, not here", raw)
		}
		if r.ID != th.ID || !bytes.Equal(r.Params, th.Params) || (strict && r.Method != th.Method) {
			t.Fatalf("%q: read as %v %q %s, go-sdk reads %v %q %s", raw, r.ID.Raw(), r.Method, r.Params, th.ID.Raw(), th.Method, th.Params)
		}
		if r.IsCall() {
			enc, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: r.ID, Result: json.RawMessage("{}")})
			if err != nil {
				t.Fatal(err)
			}
			back, err := jsonrpc.DecodeMessage(enc)
			if err != nil || back.(*jsonrpc.Response).ID != r.ID {
				t.Fatalf("id %v does not survive encoding: %s", r.ID.Raw(), enc)
			}
		}
	case *jsonrpc.Response:
		r, ok := ours.Msg.(*jsonrpc.Response)
		if !ok {
			t.Fatalf("%q: a response to go-sdk, not here", raw)
		}
		if r.ID != th.ID || !bytes.Equal(r.Result, th.Result) || (r.Error == nil) != (th.Error == nil) {
			t.Fatalf("%q: read as %v %s %v, go-sdk reads %v %s %v", raw, r.ID.Raw(), r.Result, r.Error, th.ID.Raw(), th.Result, th.Error)
		}
		if r.Error != nil {
			we, te := r.Error.(*jsonrpc.Error), th.Error.(*jsonrpc.Error)
			if we.Code != te.Code || (strict && we.Message != te.Message) || !bytes.Equal(we.Data, te.Data) {
				t.Fatalf("%q: error %+v, go-sdk reads %+v", raw, we, te)
			}
		}
	}
}
