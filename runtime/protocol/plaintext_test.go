package protocol_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

func TestJSONErrors(t *testing.T) {
	for _, c := range []struct {
		name    string
		handler http.HandlerFunc
		status  int
		code    int64 // 0: passed through untouched
		body    string
	}{
		{"plain 400", func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "invalid request: missing id", http.StatusBadRequest)
		}, 400, protocol.CodeInvalidRequest, ""},
		{"plain 403", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "forbidden", http.StatusForbidden) }, 403, protocol.CodeServerError, ""},
		{"plain 500 hides its text", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "db at 10.0.0.3 down", 500) }, 500, protocol.CodeInternalError, ""},
		{"JSON error untouched", func(w http.ResponseWriter, _ *http.Request) {
			protocol.WriteError(w, 7, protocol.SessionNotFound())
		}, 404, 0, `{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":7}`},
		{"success untouched", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte("data: {}\n\n"))
		}, 200, 0, "data: {}\n\n"},
	} {
		rec := httptest.NewRecorder()
		w, finish := protocol.JSONErrors(rec, 7)
		c.handler(w, httptest.NewRequest("POST", "/", nil))
		finish()
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, rec.Code, c.status)
		}
		if c.code == 0 {
			if rec.Body.String() != c.body {
				t.Errorf("%s: body %q, want %q", c.name, rec.Body, c.body)
			}
			continue
		}
		var e struct {
			JSONRPC string `json:"jsonrpc"`
			Error   struct {
				Code    int64  `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
			ID any `json:"id"`
		}
		if ct := rec.Header().Get("Content-Type"); ct != protocol.MediaTypeJSON {
			t.Errorf("%s: Content-Type %q", c.name, ct)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.JSONRPC != "2.0" || e.Error.Code != c.code || e.ID != float64(7) {
			t.Errorf("%s: body %q (%v), want code %d id 7", c.name, rec.Body, err, c.code)
		}
		if c.status == 500 && e.Error.Message != "Internal error" {
			t.Errorf("%s: message %q leaks the cause", c.name, e.Error.Message)
		}
	}
}
