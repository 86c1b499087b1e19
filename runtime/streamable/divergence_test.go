package streamable_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// The transport and the classifier decode with one decoder and apply one
// set of rules (docs/protocol.md). Each test below pins a case where they
// used to disagree.

// establishAt runs the handshake at revision v and returns the session id.
func establishAt(t *testing.T, h http.Handler, v string) string {
	t.Helper()
	w := serve(h, request(http.MethodPost, initBody(1, v)))
	id := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != http.StatusOK || id == "" {
		t.Fatalf("initialize at %s: %d %s", v, w.Code, w.Body)
	}
	if w := serve(h, request(http.MethodPost, initializedBody, protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, v)); w.Code != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", w.Code, w.Body)
	}
	return id
}

func TestUnreadableMessagesAreRefusedOnSessions(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: true})
	defer p.tr.Close()
	sid := establish(t, p.tr)
	stateless := connect(t, streamable.Options{JSONResponse: true})
	defer stateless.tr.Close()
	serve(stateless.tr, request(http.MethodPost, initBody(1, protocol.Version20250618)))

	for _, tc := range []struct {
		name   string
		body   string
		status int
		code   int64
	}{
		// go-sdk reads a null method as "" and answered 200 with code 0.
		{"null method", `{"jsonrpc":"2.0","id":1,"method":null}`, 400, protocol.CodeInvalidRequest},
		// go-sdk truncates 1.5 to 1 and answered under id 1.
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, 400, protocol.CodeInvalidRequest},
		{"id beyond int64", `{"jsonrpc":"2.0","id":1e308,"method":"tools/list"}`, 400, protocol.CodeInvalidRequest},
		// go-sdk's decoder stops after the first value: the second was
		// silently dropped.
		{"trailing message", listBody(2) + listBody(3), 400, protocol.CodeParseError},
		{"trailing garbage", listBody(2) + "x", 400, protocol.CodeParseError},
	} {
		for _, target := range []struct {
			name string
			h    http.Handler
			hdr  []string
		}{
			{"session", p.tr, []string{protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, protocol.Version20250618}},
			{"stateless", stateless.tr, []string{protocol.HeaderProtocolVersion, protocol.Version20250618}},
		} {
			w := serve(target.h, request(http.MethodPost, tc.body, target.hdr...))
			if w.Code != tc.status {
				t.Errorf("%s on %s: %d %s, want %d", tc.name, target.name, w.Code, w.Body, tc.status)
				continue
			}
			if e := decodeError(t, w); e.Error.Code != tc.code || string(e.ID) != "null" {
				t.Errorf("%s on %s: code %d id %s, want %d with a null id", tc.name, target.name, e.Error.Code, e.ID, tc.code)
			}
		}
	}
	if p.closes.Load() != 0 {
		t.Fatal("a refused request closed an established session")
	}
}

func TestInitializeParamsOfTheWrongTypeAre32602(t *testing.T) {
	for _, tc := range []struct{ params, want string }{
		{`{"protocolVersion":5,"capabilities":{},"clientInfo":{"name":"c","version":"1"}}`, "params.protocolVersion must be a string, not number"},
		{`{"protocolVersion":"2025-06-18","capabilities":[],"clientInfo":{"name":"c","version":"1"}}`, "params.capabilities must be an object, not array"},
		{`{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":true,"version":"1"}}`, "params.clientInfo.name must be a string, not bool"},
		{`["2025-06-18"]`, "initialize params must be an object"},
	} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true})
		w := serve(p.tr, request(http.MethodPost, `{"jsonrpc":"2.0","id":"i","method":"initialize","params":`+tc.params+`}`))
		if w.Code != http.StatusBadRequest || w.Header().Get(protocol.HeaderSessionID) != "" {
			t.Errorf("%s: %d (session %q) %s, want 400 without a session", tc.params, w.Code, w.Header().Get(protocol.HeaderSessionID), w.Body)
			continue
		}
		e := decodeError(t, w)
		if e.Error.Code != protocol.CodeInvalidParams || string(e.ID) != `"i"` {
			t.Errorf("%s: code %d id %s, want -32602 with id \"i\"", tc.params, e.Error.Code, e.ID)
		}
		if !strings.Contains(e.Error.Message, tc.want) || strings.Contains(e.Error.Message, "Go ") || strings.Contains(e.Error.Message, "json:") {
			t.Errorf("%s: message %q, want one saying %q and naming no Go types", tc.params, e.Error.Message, tc.want)
		}
		p.waitEnded(t) // the refused handshake closed its transport
	}
}

// A session knows the revision it negotiated: a request whose header is
// missing (read as 2025-03-26) or stale does not bring batching back.
func TestBatchFollowsTheNegotiatedVersion(t *testing.T) {
	batch := "[" + listBody(2) + "," + listBody(3) + "]"
	for _, tc := range []struct {
		negotiated, header string
		status             int
	}{
		{protocol.Version20251125, "", 400},
		{protocol.Version20251125, protocol.Version20250326, 400},
		{protocol.Version20250618, protocol.Version20250326, 400},
		{protocol.Version20250326, "", 200},
		{protocol.Version20250326, protocol.Version20250326, 200},
	} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: true})
		sid := establishAt(t, p.tr, tc.negotiated)
		w := serve(p.tr, request(http.MethodPost, batch, protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, tc.header))
		if w.Code != tc.status {
			t.Errorf("session at %s, header %q: %d %s, want %d", tc.negotiated, tc.header, w.Code, w.Body, tc.status)
		} else if tc.status == 400 && decodeError(t, w).Error.Code != protocol.CodeInvalidRequest {
			t.Errorf("session at %s, header %q: %s, want -32600", tc.negotiated, tc.header, w.Body)
		}
		p.tr.Close()
	}
}

func TestGETAndDELETEAtModernRevisionAre405(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
	defer p.tr.Close()
	sid := establish(t, p.tr)
	for _, m := range []string{http.MethodGet, http.MethodDelete} {
		for _, id := range []string{sid, "unknown"} {
			w := serve(p.tr, request(m, "", protocol.HeaderSessionID, id, protocol.HeaderProtocolVersion, protocol.Version20260728))
			if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != http.MethodPost {
				t.Errorf("%s with session %q at 2026-07-28: %d Allow %q, want 405 Allow POST", m, id, w.Code, w.Header().Get("Allow"))
			}
		}
	}
	if p.closes.Load() != 0 {
		t.Fatal("a DELETE at 2026-07-28 closed the session")
	}
}

// The priming event (2025-11-25) follows the session's negotiated
// revision, not the request's header: conformance 0.1.16 sends a stale
// 2025-03-26 header after negotiating 2025-11-25 and expects priming.
func TestPrimingFollowsTheNegotiatedVersion(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`
	for _, tc := range []struct {
		negotiated, header string
		primed             bool
	}{
		{protocol.Version20251125, protocol.Version20251125, true},
		{protocol.Version20251125, protocol.Version20250326, true},
		{protocol.Version20251125, "", true},
		{protocol.Version20250618, protocol.Version20251125, false},
	} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, EventStore: streamable.NewMemoryEventStore(0)})
		sid := establishAt(t, p.tr, tc.negotiated)
		w := serve(p.tr, request(http.MethodPost, call, protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, tc.header))
		if w.Code != http.StatusOK {
			t.Fatalf("tools/call: %d %s", w.Code, w.Body)
		}
		if primed := strings.Contains(w.Body.String(), "retry: "); primed != tc.primed {
			t.Errorf("session at %s, header %q: primed %v, want %v:\n%s", tc.negotiated, tc.header, primed, tc.primed, w.Body)
		}
		p.tr.Close()
	}
}

// One Host rule: an IPv6 literal matches with or without brackets.
func TestAllowedHostsIPv6(t *testing.T) {
	for host, want := range map[string]int{"[::1]:8080": 200, "[::1]": 200, "example.com": 403} {
		for _, allowed := range []string{"::1", "[::1]"} {
			p := connect(t, streamable.Options{AllowedHosts: []string{allowed}, JSONResponse: true})
			r := request(http.MethodPost, initBody(1, protocol.Version20250618))
			r.Host = host
			if w := serve(p.tr, r); w.Code != want {
				t.Errorf("AllowedHosts %q, Host %q: %d %s, want %d", allowed, host, w.Code, w.Body, want)
			}
			p.tr.Close()
		}
	}
}

// Classify once: a request forwarded by runtime/classify carries its
// decoding, and the transport serves that decoding without reading or
// decoding the body again. The carried payload here says tools/call id 2
// while the bytes say tools/list id 1; the answer shows which was served.
func TestTransportServesTheClassifiersDecoding(t *testing.T) {
	p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID, JSONResponse: true})
	defer p.tr.Close()
	sid := establish(t, p.tr)
	decoded, err := edge.Decode([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"carried"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	r := request(http.MethodPost, "", protocol.HeaderSessionID, sid, protocol.HeaderProtocolVersion, protocol.Version20250618)
	r = edge.Forward(r, []byte(listBody(1)), decoded, nil)
	w := serve(p.tr, r)
	if w.Code != http.StatusOK {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if body := w.Body.String(); !strings.Contains(body, `"id":2`) || !strings.Contains(body, "carried") {
		t.Fatalf("the transport decoded the body again instead of serving the carried payload: %s", body)
	}
}
