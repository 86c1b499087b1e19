package protocol_test

import (
	"net/http"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

const bothTypes = "application/json, text/event-stream"

func postWith(accept []string, contentType string) *http.Request {
	r, err := http.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", nil)
	if err != nil {
		panic(err)
	}
	for _, a := range accept {
		r.Header.Add("Accept", a)
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	return r
}

// The POST rows of the refusal table (docs/protocol.md, "Refusals"): Accept must allow both
// response shapes (parsed media ranges, q=0 refuses), Content-Type must be
// application/json as a parsed media type.
func TestCheckPOSTHeaders(t *testing.T) {
	tests := []struct {
		name        string
		accept      []string
		contentType string
		status      int // 0: accepted
	}{
		{"both", []string{bothTypes}, "application/json", 0},
		{"both, charset parameter", []string{bothTypes}, "application/json; charset=utf-8", 0},
		{"content type case", []string{bothTypes}, "Application/JSON", 0},
		{"both on two header lines", []string{"application/json", "text/event-stream"}, "application/json", 0},
		{"wildcard", []string{"*/*"}, "application/json", 0},
		{"type wildcards", []string{"application/*, text/*"}, "application/json", 0},
		{"parameters and weights", []string{"application/json;q=0.9, text/event-stream;q=0.5"}, "application/json", 0},
		{"malformed range skipped", []string{"application/json, ;;;, text/event-stream"}, "application/json", 0},
		{"no Accept", nil, "application/json", http.StatusNotAcceptable},
		{"json only", []string{"application/json"}, "application/json", http.StatusNotAcceptable},
		{"event stream only", []string{"text/event-stream"}, "application/json", http.StatusNotAcceptable},
		{"html", []string{"text/html"}, "application/json", http.StatusNotAcceptable},
		{"q=0 refuses", []string{"application/json, text/event-stream;q=0"}, "application/json", http.StatusNotAcceptable},
		{"q=0.0 refuses a wildcard", []string{"*/*;q=0.0, application/json"}, "application/json", http.StatusNotAcceptable},
		{"a prefix is not the type", []string{"application/jsonx, text/event-stream"}, "application/json", http.StatusNotAcceptable},
		{"Accept is checked first", []string{"text/html"}, "text/plain", http.StatusNotAcceptable},
		{"text/plain", []string{bothTypes}, "text/plain", http.StatusUnsupportedMediaType},
		{"no Content-Type", []string{bothTypes}, "", http.StatusUnsupportedMediaType},
		{"malformed Content-Type", []string{bothTypes}, "application/json; =", http.StatusUnsupportedMediaType},
		{"json suffix is not json", []string{bothTypes}, "application/vnd.api+json", http.StatusUnsupportedMediaType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := protocol.CheckPOSTHeaders(postWith(tt.accept, tt.contentType))
			if tt.status == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted, want %d", tt.status)
			}
			e, ok := err.(*protocol.Error)
			if !ok {
				t.Fatalf("error %T, want *protocol.Error", err)
			}
			if e.Status != tt.status || e.Code != protocol.CodeServerError {
				t.Errorf("got %d / %d, want %d / -32000", e.Status, e.Code, tt.status)
			}
		})
	}
}

// A nil result must be an untyped nil: callers return it as an error.
func TestCheckPOSTHeadersNilIsNil(t *testing.T) {
	var err error = protocol.CheckPOSTHeaders(postWith([]string{bothTypes}, "application/json"))
	if err != nil {
		t.Fatalf("got %#v, want a nil error", err)
	}
}

// FuzzCheckPOSTHeaders: any Accept and Content-Type give either nil or a
// 406 / 415 with -32000, and a request that passes accepts both shapes.
func FuzzCheckPOSTHeaders(f *testing.F) {
	f.Add(bothTypes, "application/json")
	f.Add("*/*;q=0", "application/json; charset=utf-8")
	f.Add("text/event-stream;q=0.0, application/*", "text/plain")
	f.Add(`application/json;x="a,b", text/event-stream`, "application/json;;")
	f.Fuzz(func(t *testing.T, accept, contentType string) {
		r := postWith([]string{accept}, contentType)
		err := protocol.CheckPOSTHeaders(r)
		if err == nil {
			if jsonOK, sseOK := protocol.Accepts(r.Header); !jsonOK || !sseOK {
				t.Fatalf("accepted with Accept %q allowing json=%v sse=%v", accept, jsonOK, sseOK)
			}
			return
		}
		e, ok := err.(*protocol.Error)
		if !ok || (e.Status != http.StatusNotAcceptable && e.Status != http.StatusUnsupportedMediaType) || e.Code != protocol.CodeServerError {
			t.Fatalf("Accept %q, Content-Type %q: %v", accept, contentType, err)
		}
	})
}
