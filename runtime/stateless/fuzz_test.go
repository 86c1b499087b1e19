package stateless_test

import (
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/classify"
	"github.com/mcpwire/mcpwire/runtime/stateless"
)

// FuzzMatchesGoSDK: whatever the params of a named request and its Mcp-Name
// header, a Handler answers as go-sdk's stateless handler does, whether it
// serves the request itself or hands it on. It is the property that lets
// [edge.NameParam] refuse nothing it is unsure of: a wrong "certain"
// answer shows here as a different status or body.
func FuzzMatchesGoSDK(f *testing.F) {
	for _, s := range []struct {
		method uint8
		params string
		name   string
	}{
		{0, `{"name":"echo","arguments":{"text":"hi"}}`, "echo"},
		{0, `{"name":"echo","name":"fail","arguments":{"text":"hi"}}`, "fail"},
		{0, `{"name":"echo","arguments":{"text":"hi"},"Name":"x","NAME":7}`, "echo"},
		{0, `{"name":"ech\u006f"}`, "echo"},
		{0, `{"name":"echo","inputResponses":{"a":{}}}`, "echo"},
		{0, `{"name":"echo","arguments":[1]}`, "echo"},
		{0, `{"name":null}`, ""},
		{1, `{"name":"greet","arguments":{"who":"a","who":null}}`, "greet"},
		{1, `{"name":"greet","arguments":"x"}`, "greet"},
		{2, `{"uri":"test://a","_meta":null}`, "test://a"},
		{2, `{"uri":"test://t/1"}`, "test://t/1"},
		{2, "{\"uri\":\"test://\xff\"}", "test://\xef\xbf\xbd"},
	} {
		f.Add(s.method, s.params, s.name)
	}
	methods := []string{"tools/call", "prompts/get", "resources/read"}
	h := stateless.New(testServer(), gosdk(testServer(), true), stateless.Options{JSONResponse: true})
	peer := gosdk(testServer(), true)
	f.Fuzz(func(t *testing.T, mi uint8, params, name string) {
		method := methods[int(mi)%len(methods)]
		// The envelope goes in first, so that the params' own members
		// (a _meta among them) decide last, as a client's would.
		p := strings.TrimSpace(params)
		if !strings.HasPrefix(p, "{") {
			return
		}
		body := `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{` + envelope + `,` + p[1:] + `}`
		if p == "{}" || strings.TrimSpace(p[1:]) == "}" {
			body = `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{` + envelope + `}}`
		}
		build := func() (*http.Request, bool) {
			r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Accept", "application/json, text/event-stream")
			r.Header.Set("Mcp-Protocol-Version", "2026-07-28")
			r.Header.Set("Mcp-Method", method)
			if strings.ContainsAny(name, "\r\n\x00") {
				return nil, false
			}
			r.Header.Set("Mcp-Name", name)
			r, res, err := classify.Classify(r, 0)
			return r, err == nil && res.Leg == classify.Modern
		}
		r1, ok := build()
		if !ok {
			return
		}
		r2, _ := build()
		// A hang is a failure too, with its input.
		answers := make(chan [2]answer, 1)
		go func() { answers <- [2]answer{serve(h, r1), serve(peer, r2)} }()
		var got, want answer
		select {
		case a := <-answers:
			got, want = a[0], a[1]
		case <-time.After(10 * time.Second):
			t.Fatalf("body %s, Mcp-Name %q: no answer in 10 s", body, name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("body %s, Mcp-Name %q:\nHandler answered %+v\ngo-sdk answered  %+v", body, name, got, want)
		}
	})
}
