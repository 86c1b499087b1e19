package interop

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Wire behaviour the official conformance suite does not check (see docs/protocol.md, "Conformance"
// section), asserted on the running example with raw HTTP.

const (
	initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"blackbox","version":"1"}}}`
	modernMeta     = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	discoverBody   = `{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{` + modernMeta + `}}`
	modernCallBody = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"test_simple_text","arguments":{},` + modernMeta + `}}`
)

// reply is an HTTP answer with its JSON-RPC error, if the body held one (SSE or JSON).
type reply struct {
	status int
	header http.Header
	body   string
	code   int64 // error.code, 0 if none
	id     any   // the response id
}

func do(t *testing.T, method string, header map[string]string, body string) reply {
	t.Helper()
	req, err := http.NewRequest(method, everything.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	r := reply{status: resp.StatusCode, header: resp.Header, body: string(data)}
	msg := r.body
	if i := strings.Index(msg, "data: "); strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") && i >= 0 {
		msg, _, _ = strings.Cut(msg[i+len("data: "):], "\n")
	}
	var m struct {
		ID    any `json:"id"`
		Error *struct {
			Code int64 `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(msg), &m) == nil {
		r.id = m.ID
		if m.Error != nil {
			r.code = m.Error.Code
		}
	}
	return r
}

// headers for a POST; extra pairs (name, value) are added or override.
func post(extra ...string) map[string]string {
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
	for i := 0; i+1 < len(extra); i += 2 {
		h[extra[i]] = extra[i+1]
	}
	return h
}

func modern(method string, extra ...string) map[string]string {
	return post(append([]string{protocol.HeaderProtocolVersion, modernVersion, protocol.HeaderMethod, method}, extra...)...)
}

func (r reply) want(t *testing.T, what string, status int, code int64) {
	t.Helper()
	if r.status != status || r.code != code {
		t.Errorf("%s: HTTP %d code %d, want %d code %d\n%s", what, r.status, r.code, status, code, r.body)
	}
}

// openSession initializes a legacy session and sends notifications/initialized.
func openSession(t *testing.T) string {
	t.Helper()
	r := do(t, http.MethodPost, post(), initializeBody)
	id := r.header.Get(protocol.HeaderSessionID)
	if r.status != http.StatusOK || id == "" {
		t.Fatalf("initialize: HTTP %d, session %q\n%s", r.status, id, r.body)
	}
	n := do(t, http.MethodPost, post(protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if n.status != http.StatusAccepted {
		t.Fatalf("notifications/initialized: HTTP %d\n%s", n.status, n.body)
	}
	return id
}

func TestModernGetAndDeleteAre405(t *testing.T) {
	serverURL(t)
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		r := do(t, method, map[string]string{"Accept": "text/event-stream", protocol.HeaderProtocolVersion: modernVersion}, "")
		if r.status != http.StatusMethodNotAllowed || !strings.Contains(r.header.Get("Allow"), http.MethodPost) {
			t.Errorf("%s at %s without a session: HTTP %d, Allow %q; want 405 with Allow: POST\n%s", method, modernVersion, r.status, r.header.Get("Allow"), r.body)
		}
		if id := r.header.Get(protocol.HeaderSessionID); id != "" {
			t.Errorf("%s at %s: answered with %s %q", method, modernVersion, protocol.HeaderSessionID, id)
		}
	}
}

func TestModernIgnoresSessionIDAndNeverEchoesIt(t *testing.T) {
	serverURL(t)
	live := openSession(t) // a modern request naming a live legacy session must not reach it either
	legacy := map[string]string{protocol.HeaderSessionID: live, protocol.HeaderProtocolVersion: legacyVersion}
	defer do(t, http.MethodDelete, legacy, "")
	before := readStats(t)
	for _, tc := range []struct {
		name, method, body string
		extra              []string
	}{
		{"discover with a live legacy session id", "server/discover", discoverBody, []string{protocol.HeaderSessionID, live}},
		{"discover", "server/discover", discoverBody, nil},
		{"tools/call", "tools/call", modernCallBody, []string{protocol.HeaderName, toolName}},
		{"discover with a stray session id", "server/discover", discoverBody, []string{protocol.HeaderSessionID, "stray-session-id"}},
		{"tools/call with a stray session id", "tools/call", modernCallBody, []string{protocol.HeaderName, toolName, protocol.HeaderSessionID, "stray-session-id"}},
	} {
		r := do(t, http.MethodPost, modern(tc.method, tc.extra...), tc.body)
		r.want(t, tc.name, http.StatusOK, 0)
		if id := r.header.Get(protocol.HeaderSessionID); id != "" {
			t.Errorf("%s: answered with %s %q at %s", tc.name, protocol.HeaderSessionID, id, modernVersion)
		}
	}
	if after := readStats(t); after.HandshakesAccepted != before.HandshakesAccepted || after.OpenSessions != before.OpenSessions {
		t.Errorf("modern requests changed the sessions: %+v → %+v", before, after)
	}
	do(t, http.MethodPost, post(protocol.HeaderSessionID, live, protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`).
		want(t, "the legacy session after modern requests named it", http.StatusOK, 0)
}

func TestReinitializeRefused(t *testing.T) {
	serverURL(t)
	id := openSession(t)
	defer do(t, http.MethodDelete, map[string]string{protocol.HeaderSessionID: id, protocol.HeaderProtocolVersion: legacyVersion}, "")
	r := do(t, http.MethodPost, post(protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, legacyVersion), initializeBody)
	r.want(t, "initialize on an initialized session", http.StatusBadRequest, protocol.CodeInvalidRequest)
	if r.id != float64(1) {
		t.Errorf("refusal id %v, want the request's 1", r.id)
	}
	// The refusal must not have ended the established session.
	ok := do(t, http.MethodPost, post(protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	ok.want(t, "tools/list after the refused re-initialize", http.StatusOK, 0)
}

func TestBatchInitializeRefused(t *testing.T) {
	serverURL(t)
	before := readStats(t)
	r := do(t, http.MethodPost, post(), "["+initializeBody+"]")
	r.want(t, "initialize in a batch", http.StatusBadRequest, protocol.CodeInvalidRequest)
	if id := r.header.Get(protocol.HeaderSessionID); id != "" {
		t.Errorf("refused batch answered with session %q", id)
	}
	if after := readStats(t); after.OpenSessions != before.OpenSessions || after.HandshakesAccepted != before.HandshakesAccepted {
		t.Errorf("a refused batch initialize changed the sessions: %+v → %+v", before, after)
	}
}

func TestNotAcceptableAndUnsupportedMediaType(t *testing.T) {
	serverURL(t)
	for _, tc := range []struct {
		name   string
		header map[string]string
		body   string
		status int
	}{
		{"legacy initialize, Accept text/html", post("Accept", "text/html"), initializeBody, http.StatusNotAcceptable},
		{"legacy initialize, Accept application/json only", post("Accept", "application/json"), initializeBody, http.StatusNotAcceptable},
		{"legacy initialize, Content-Type text/plain", post("Content-Type", "text/plain"), initializeBody, http.StatusUnsupportedMediaType},
		{"modern discover, Accept text/html", modern("server/discover", "Accept", "text/html"), discoverBody, http.StatusNotAcceptable},
		{"modern discover, Content-Type text/plain", modern("server/discover", "Content-Type", "text/plain"), discoverBody, http.StatusUnsupportedMediaType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := do(t, http.MethodPost, tc.header, tc.body)
			r.want(t, tc.name, tc.status, protocol.CodeServerError)
			if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, "application/json") {
				t.Errorf("%s: Content-Type %q, want a JSON-RPC error body (application/json)", tc.name, got)
			}
		})
	}
}

// Every refused handshake must leave nothing behind: the debug endpoint's open-session count is back
// where it was, and no handshake was counted as accepted.
func TestRefusedHandshakesLeaveNoSessions(t *testing.T) {
	serverURL(t)
	before := readStats(t)
	refusals := []struct {
		name   string
		method string
		header map[string]string
		body   string
	}{
		{"bad Accept", http.MethodPost, post("Accept", "text/html"), initializeBody},
		{"bad Content-Type", http.MethodPost, post("Content-Type", "text/plain"), initializeBody},
		{"not JSON", http.MethodPost, post(), `{"jsonrpc":`},
		{"not JSON-RPC", http.MethodPost, post(), `{"hello":"world"}`},
		{"batch initialize", http.MethodPost, post(), "[" + initializeBody + "]"},
		{"request without a session", http.MethodPost, post(protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`},
		{"unknown session", http.MethodPost, post(protocol.HeaderSessionID, "no-such-session", protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`},
		{"GET without a session", http.MethodGet, map[string]string{"Accept": "text/event-stream"}, ""},
		{"PUT", http.MethodPut, post(), initializeBody},
		{"unsupported protocol version header", http.MethodPost, post(protocol.HeaderProtocolVersion, "1999-01-01"), initializeBody},
	}
	const rounds = 20
	for range rounds {
		for _, r := range refusals {
			if got := do(t, r.method, r.header, r.body); got.status < 400 || got.header.Get(protocol.HeaderSessionID) != "" {
				t.Fatalf("%s: HTTP %d, session %q; want a 4xx without a session\n%s", r.name, got.status, got.header.Get(protocol.HeaderSessionID), got.body)
			}
		}
	}
	after := readStats(t)
	if after.OpenSessions != before.OpenSessions || after.HandshakesAccepted != before.HandshakesAccepted {
		t.Errorf("%d refusals changed the sessions: %+v → %+v", rounds*len(refusals), before, after)
	}
	t.Logf("%d refused requests; handshakes counted as refused: %d; open sessions %d → %d",
		rounds*len(refusals), after.HandshakesRefused-before.HandshakesRefused, before.OpenSessions, after.OpenSessions)
	// And the endpoint still establishes sessions.
	id := openSession(t)
	do(t, http.MethodDelete, map[string]string{protocol.HeaderSessionID: id, protocol.HeaderProtocolVersion: legacyVersion}, "")
}

func TestDeleteThen404(t *testing.T) {
	serverURL(t)
	before := readStats(t)
	id := openSession(t)
	del := map[string]string{protocol.HeaderSessionID: id, protocol.HeaderProtocolVersion: legacyVersion}
	if r := do(t, http.MethodDelete, del, ""); r.status/100 != 2 {
		t.Fatalf("DELETE: HTTP %d\n%s", r.status, r.body)
	}
	r := do(t, http.MethodPost, post(protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, legacyVersion), `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`)
	r.want(t, "request on the deleted session", http.StatusNotFound, protocol.CodeSessionNotFound)
	if r.id != float64(5) {
		t.Errorf("404 id %v, want the request's 5", r.id)
	}
	do(t, http.MethodDelete, del, "").want(t, "second DELETE", http.StatusNotFound, protocol.CodeSessionNotFound)
	get := do(t, http.MethodGet, map[string]string{"Accept": "text/event-stream", protocol.HeaderSessionID: id, protocol.HeaderProtocolVersion: legacyVersion}, "")
	get.want(t, "GET on the deleted session", http.StatusNotFound, protocol.CodeSessionNotFound)
	after := readStats(t)
	if after.OpenSessions != before.OpenSessions || after.ClosedByDelete != before.ClosedByDelete+1 {
		t.Errorf("sessions %+v → %+v; want the same open count and one more closed by DELETE", before, after)
	}
}
