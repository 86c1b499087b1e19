package mcphttp_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/mcphttp/mcphttptest"
)

// syncBuffer is a bytes.Buffer safe for the handler's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A server shows its traffic at the default log level and in Stats: a
// 2026-07-28 client's calls (which open no session), a legacy session's
// start and end, and a refusal.
func TestObserved(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil)) // Info, slog's default
	h, url := serve(t, mcphttp.Options{Logger: logger})

	modern := connect(t, url, "2026-07-28", nil)
	mcphttptest.CallEcho(t, modern)
	modern.Close()
	if st := h.Stats(); st.ModernCalls < 2 {
		t.Errorf("ModernCalls = %d after a 2026-07-28 tools/list and tools/call, want at least 2", st.ModernCalls)
	}
	for _, want := range []string{`msg="mcp: call" version=2026-07-28 method=tools/list`, `msg="mcp: call" version=2026-07-28 method=tools/call name=echo`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}

	legacy := connect(t, url, "2025-11-25", nil)
	mcphttptest.CallEcho(t, legacy)
	id := legacy.ID()
	legacy.Close() // DELETE
	eventually(t, "the session's end", func() bool { return h.Stats().ClosedByDelete == 1 })
	for _, want := range []string{`msg="mcp: session started" session=` + id, `msg="mcp: session ended" session=` + id + ` cause=delete`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}

	before := h.Stats().Refused
	resp, _ := post(t, url, map[string]string{"Mcp-Session-Id": "no-such-session", "Mcp-Protocol-Version": "2025-11-25"}, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")
	if resp.StatusCode != 404 {
		t.Fatalf("unknown session: %d, want 404", resp.StatusCode)
	}
	if got := h.Stats().Refused; got != before+1 {
		t.Errorf("Refused = %d after a 404, want %d", got, before+1)
	}
	if want := `msg="mcp: refused" status=404 code=-32001 message="Session not found" http_method=POST session=no-such-session`; !strings.Contains(logs.String(), want) {
		t.Errorf("log lacks %q:\n%s", want, logs.String())
	}
}
