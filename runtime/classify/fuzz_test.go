package classify_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// FuzzClassify drives the classifier with arbitrary methods, headers and
// bodies and checks what must hold for every input: no panic; a reject
// always carries a 4xx error that writes as JSON, the other legs never carry
// one; the modern leg only gets a single POSTed message whose header names a
// served revision; a claim-less session follow-up always reaches the legacy
// leg as a session request; and Classify, reading the body from a request,
// agrees with ClassifyParts and forwards the same bytes.
func FuzzClassify(f *testing.F) {
	f.Add("POST", v2026, "", "tools/call", []byte(toolsCallModern))
	f.Add("POST", v2026, "abc", "", []byte(toolsCallModern))
	f.Add("POST", v2025, "abc", "", []byte(initializedNotif))
	f.Add("POST", "", "", "", []byte(initializeLegacy))
	f.Add("POST", v2026, "", "", []byte(initializeLegacy))
	f.Add("POST", v2026, "", "", []byte(cancelledNotif))
	f.Add("POST", "", "abc", "", []byte("["+toolsListLegacy+","+postedResult+"]"))
	f.Add("POST", "", "", "", []byte("[]"))
	f.Add("POST", v2026, "", "", []byte(withMeta(`{"io.modelcontextprotocol/protocolVersion":1}`)))
	f.Add("POST", "2027-01-01", "", "", []byte(claimOf("2027-01-01")))
	f.Add("GET", v2026, "abc", "", []byte(nil))
	f.Add("DELETE", "", "abc", "", []byte(nil))
	f.Add("POST", "", "", "", []byte(`{"jsonrpc":"2.0","id":1,"method":null}`))
	f.Add("POST", "", "", "", []byte("not json"))
	// Corners where the classifier's decoding must agree with go-sdk's.
	f.Add("POST", "", "", "", []byte(`{"jsonrpc":"2.0","id":1,"error":{"Code":1,"message":"m","data":null}}`))
	f.Add("POST", "", "", "", []byte(`{"jsonrpc":"2.0","id":99999999999999999999,"method":"x","method":"y"}`))
	f.Add("POST", "", "", "", []byte("{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"x\\ud800\"}"))
	f.Add("POST", "", "", "", []byte(`{"jsonrpc":"2.0","id":1.5,"method":"x","params":null}`))
	f.Add("POST", "", "", "", []byte("\u0085 \r\n"+toolsListLegacy+"\t"))

	f.Fuzz(func(t *testing.T, method, version, session, mcpMethod string, body []byte) {
		h := http.Header{}
		for k, v := range map[string]string{protocol.HeaderProtocolVersion: version, protocol.HeaderSessionID: session, protocol.HeaderMethod: mcpMethod} {
			if v != "" {
				h.Set(k, v)
			}
		}
		res := classify.ClassifyParts(method, h, body)

		switch res.Leg {
		case classify.Reject:
			if res.Err == nil || res.Err.Status < 400 || res.Err.Status > 499 {
				t.Fatalf("reject %s with error %v", res.Reason, res.Err)
			}
			switch res.Err.Code {
			case -32000, -32600, -32602, -32020, -32022:
			default:
				t.Fatalf("reject %s with code %d", res.Reason, res.Err.Code)
			}
			rec := httptest.NewRecorder()
			protocol.WriteError(rec, res.ID, res.Err)
			if rec.Code != res.Err.Status || !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("written %d %s", rec.Code, rec.Body)
			}
		case classify.Legacy, classify.Modern:
			if res.Err != nil {
				t.Fatalf("%v/%s carries %v", res.Leg, res.Reason, res.Err)
			}
		default:
			t.Fatalf("leg %v", res.Leg)
		}
		if res.Reason == "" {
			t.Fatal("no reason")
		}

		if res.Leg == classify.Modern {
			if method != http.MethodPost || res.Batch || messages(res) != 1 {
				t.Fatalf("modern %s: method %q, batch %v, %d messages", res.Reason, method, res.Batch, messages(res))
			}
			// The header names the served revision the request is held to,
			// so session traffic (whose header names a session revision, or
			// nothing) never reaches the stateless leg.
			if hv := strings.Trim(h.Get(protocol.HeaderProtocolVersion), " \t"); hv != res.Version || !protocol.IsModernVersion(hv) {
				t.Fatalf("modern %s with header %q, version %q", res.Reason, hv, res.Version)
			}
		}
		if res.Leg == classify.Legacy && res.SessionID != "" && method == http.MethodPost &&
			!res.Batch && messages(res) == 1 && !res.IsInitialize && res.Reason != classify.ReasonSessionID {
			t.Fatalf("a session's single message went legacy as %s", res.Reason)
		}
		// Messages are what go-sdk itself reads from the body.
		if messages(res) == 1 && !res.Batch {
			sdk, err := jsonrpc.DecodeMessage(body)
			if err != nil {
				t.Fatalf("classified as %s, but go-sdk cannot decode it: %v", res.Reason, err)
			}
			ours, _ := jsonrpc.EncodeMessage(res.Payload.Messages[0].Msg)
			theirs, _ := jsonrpc.EncodeMessage(sdk)
			if !bytes.Equal(ours, theirs) {
				t.Fatalf("decoded %s, go-sdk decodes %s", ours, theirs)
			}
		}
		if again := classify.ClassifyParts(method, h, body); again.Leg != res.Leg || again.Reason != res.Reason {
			t.Fatalf("not deterministic: %s then %s", res.Reason, again.Reason)
		}

		// Through a request: same outcome, same bytes forwarded.
		if method == "" || strings.ContainsAny(method, " \t\r\n") {
			return // not a method a request can carry
		}
		fwd, viaReq, err := classify.Classify(r2(method, h, body), -1)
		if err != nil {
			t.Fatal(err)
		}
		if viaReq.Leg != res.Leg || viaReq.Reason != res.Reason || viaReq.ID != res.ID {
			t.Fatalf("Classify %v/%s, ClassifyParts %v/%s", viaReq.Leg, viaReq.Reason, res.Leg, res.Reason)
		}
		if method == http.MethodPost {
			// The decoding travels with the request; the bytes do too.
			if p, _ := edge.ReadPayload(fwd, -1); p != viaReq.Payload {
				t.Fatalf("forwarded payload %p, classified %p", p, viaReq.Payload)
			}
			fwd, _, _ = classify.Classify(r2(method, h, body), -1)
			if got, _ := io.ReadAll(fwd.Body); !bytes.Equal(got, body) {
				t.Fatalf("forwarded %q, sent %q", got, body)
			}
		}
	})
}

func r2(method string, h http.Header, body []byte) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "/mcp", nil)
	r.Method, r.Header = method, h
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	return r
}

func messages(res classify.Result) int {
	if res.Payload == nil {
		return 0
	}
	return len(res.Payload.Messages)
}
