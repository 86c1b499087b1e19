package protocol_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Each refusal-table row's constructor yields the status and code the
// transport promises (docs/protocol.md, "Refusals").
func TestConstructorsMatchRefusalTable(t *testing.T) {
	tests := []struct {
		name   string
		err    *protocol.Error
		status int
		code   int64
	}{
		{"session not found", protocol.SessionNotFound(), 404, -32001},
		{"forbidden", protocol.Forbidden("bad host"), 403, -32000},
		{"method not allowed", protocol.MethodNotAllowed("PUT", "GET", "POST", "DELETE"), 405, -32000},
		{"not acceptable", protocol.NotAcceptable("need both"), 406, -32000},
		{"unsupported media type", protocol.UnsupportedMediaType("text/plain"), 415, -32000},
		{"body too large", protocol.BodyTooLarge(10), 413, -32000},
		{"bad request", protocol.BadRequest("missing session"), 400, -32000},
		{"parse error", protocol.ParseError(errors.New("x")), 400, -32700},
		{"invalid request", protocol.InvalidRequest("batch initialize"), 400, -32600},
		{"conflict", protocol.Conflict("second GET"), 409, -32000},
		{"unsupported version", protocol.UnsupportedVersion("1999-01-01", protocol.SessionVersions), 400, -32000},
		{"unavailable", protocol.Unavailable(5, "full"), 503, -32000},
		{"internal", protocol.Internal(errors.New("store down")), 500, -32603},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err.Status != tt.status || tt.err.Code != tt.code {
				t.Errorf("got %d / %d, want %d / %d", tt.err.Status, tt.err.Code, tt.status, tt.code)
			}
			if tt.err.Internal() != (tt.status >= 500) {
				t.Errorf("Internal() = %v for status %d", tt.err.Internal(), tt.status)
			}
		})
	}
}

func TestAsError(t *testing.T) {
	nf := protocol.SessionNotFound()
	if got := protocol.AsError(fmt.Errorf("lookup: %w", nf)); got != nf {
		t.Errorf("wrapped *Error: got %v, want the same *Error", got)
	}
	if got := protocol.AsError(nil); got != nil {
		t.Errorf("nil: got %v", got)
	}
	// A body over the limit is the client's doing: 413, not 400 and not 500.
	rec := httptest.NewRecorder()
	body := http.MaxBytesReader(rec, io.NopCloser(strings.NewReader("0123456789")), 4)
	_, readErr := io.ReadAll(body)
	if got := protocol.AsError(fmt.Errorf("reading body: %w", readErr)); got.Status != 413 || got.Code != -32000 {
		t.Errorf("MaxBytesError: got %d / %d, want 413 / -32000", got.Status, got.Code)
	}
	// Anything else is the server's failure, never a parse error.
	cause := errors.New("session store: connection refused")
	got := protocol.AsError(cause)
	if got.Status != 500 || got.Code != -32603 {
		t.Errorf("plain error: got %d / %d, want 500 / -32603", got.Status, got.Code)
	}
	if !errors.Is(got, cause) {
		t.Errorf("plain error: cause not kept for logs")
	}
}

func TestWriteError(t *testing.T) {
	tests := []struct {
		name     string
		id       any
		err      error
		status   int
		wantBody string
		header   map[string]string
	}{
		{
			name: "null id", id: nil, err: protocol.ParseError(errors.New("eof")), status: 400,
			wantBody: `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: body is not valid JSON"},"id":null}`,
		},
		{
			name: "string id", id: "abc", err: protocol.InvalidRequest("initialize in a batch"), status: 400,
			wantBody: `{"jsonrpc":"2.0","error":{"code":-32600,"message":"initialize in a batch"},"id":"abc"}`,
		},
		{
			name: "number id", id: int64(7), err: protocol.SessionNotFound(), status: 404,
			wantBody: `{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":7}`,
		},
		{
			name: "allow header", err: protocol.MethodNotAllowed("PUT", "GET", "POST"), status: 405,
			header: map[string]string{"Allow": "GET, POST"},
		},
		{
			name: "retry-after header", err: protocol.Unavailable(3, "session limit reached"), status: 503,
			header: map[string]string{"Retry-After": "3"},
		},
		{
			name: "internal cause hidden", id: 1.0, err: errors.New("secret dsn=postgres://u:p@h"), status: 500,
			wantBody: `{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":1}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			rec.Header().Set("Content-Length", "999") // a stale length must not survive
			protocol.WriteError(rec, tt.id, tt.err)
			if rec.Code != tt.status {
				t.Errorf("status %d, want %d", rec.Code, tt.status)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			if cl := rec.Header().Get("Content-Length"); cl != "" {
				t.Errorf("stale Content-Length %q kept", cl)
			}
			if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
				t.Errorf("body\n got %s\nwant %s", rec.Body, tt.wantBody)
			}
			var resp struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   *struct {
					Code int64 `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil || resp.JSONRPC != "2.0" || resp.Error == nil || resp.ID == nil {
				t.Errorf("body is not a JSON-RPC error response with an id member: %s (%v)", rec.Body, err)
			}
			for k, v := range tt.header {
				if got := rec.Header().Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestUnsupportedVersionListsSupported(t *testing.T) {
	e := protocol.UnsupportedVersion("2026-07-28", protocol.SessionVersions)
	for _, v := range protocol.SessionVersions {
		if !strings.Contains(e.Message, v) {
			t.Errorf("message %q does not list %s", e.Message, v)
		}
	}
	body := string(protocol.ErrorBody(nil, e))
	if !strings.Contains(body, `"supported":["2025-11-25","2025-06-18","2025-03-26"]`) || !strings.Contains(body, `"requested":"2026-07-28"`) {
		t.Errorf("data does not list versions: %s", body)
	}
}

func TestErrorBodyWithUnmarshalableData(t *testing.T) {
	e := protocol.BadRequest("x")
	e.Data = func() {}
	var v map[string]any
	if err := json.Unmarshal(protocol.ErrorBody("a", e), &v); err != nil {
		t.Fatalf("body with bad data is not JSON: %v", err)
	}
}

func TestStatusForCode(t *testing.T) {
	for code, want := range map[int64]int{
		-32603: 500, -32001: 404, -32601: 404, -32700: 400, -32600: 400, -32602: 400, -32000: 400, -32022: 400,
	} {
		if got := protocol.StatusForCode(code); got != want {
			t.Errorf("StatusForCode(%d) = %d, want %d", code, got, want)
		}
	}
}

func TestVersions(t *testing.T) {
	if protocol.HasSessions(protocol.Version20260728) {
		t.Error("2026-07-28 has no sessions")
	}
	for _, v := range protocol.SessionVersions {
		if !protocol.HasSessions(v) || !protocol.IsSessionVersion(v) {
			t.Errorf("%s should be a session version", v)
		}
	}
	if protocol.IsSessionVersion(protocol.Version20241105) || protocol.IsSessionVersion(protocol.Version20260728) {
		t.Error("2024-11-05 and 2026-07-28 are not served by the sessionful transport")
	}
}
