package protocol

import (
	"net/http"
	"slices"
	"testing"
)

func TestSessionIDForVersion(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"", "s1"}, // nothing negotiated yet: the gate belongs to the initialize result
		{Version20250326, "s1"},
		{Version20250618, "s1"},
		{Version20251125, "s1"},
		{Version20260728, ""},
		{"2027-01-01", ""}, // every later revision is sessionless too
	} {
		if got := SessionIDForVersion("s1", tc.version); got != tc.want {
			t.Errorf("SessionIDForVersion(s1, %q) = %q, want %q", tc.version, got, tc.want)
		}
	}
	if got := SessionIDForVersion("", Version20250618); got != "" {
		t.Errorf("no id stays no id, got %q", got)
	}
}

func TestForwardHeader(t *testing.T) {
	in := http.Header{}
	in.Set("Authorization", "Bearer t")
	in.Add("Accept", "application/json")
	in.Add("Accept", "text/event-stream")
	// Any spelling a client may send lands on the canonical key.
	in.Set("mcp-session-id", "downstream")
	in.Set("MCP-Protocol-Version", Version20250618)
	in.Set("last-event-id", "7")

	out := ForwardHeader(in)
	for _, k := range []string{HeaderSessionID, HeaderProtocolVersion, HeaderLastEventID} {
		if v := out.Values(k); len(v) != 0 {
			t.Errorf("%s forwarded: %q", k, v)
		}
	}
	if got := out.Get("Authorization"); got != "Bearer t" {
		t.Errorf("Authorization = %q", got)
	}
	if got := out.Values("Accept"); !slices.Equal(got, []string{"application/json", "text/event-stream"}) {
		t.Errorf("Accept = %q", got)
	}
	// The copy is deep: setting the upstream's id must not touch the
	// incoming request, which the proxy may still log or answer from.
	out.Set(HeaderSessionID, "upstream")
	out.Add("Accept", "*/*")
	if in.Get(HeaderSessionID) != "downstream" || len(in.Values("Accept")) != 2 {
		t.Errorf("ForwardHeader aliased the incoming header: %v", in)
	}
	if got := ForwardHeader(nil); got == nil || len(got) != 0 {
		t.Errorf("ForwardHeader(nil) = %#v, want an empty header", got)
	}
}
