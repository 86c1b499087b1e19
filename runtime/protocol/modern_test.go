package protocol_test

import (
	"slices"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

func TestModernRefusals(t *testing.T) {
	tests := []struct {
		name   string
		err    *protocol.Error
		status int
		code   int64
	}{
		{"header mismatch", protocol.HeaderMismatch("x"), 400, -32020},
		{"invalid params", protocol.InvalidParams("x"), 400, -32602},
		{"unsupported protocol version", protocol.UnsupportedProtocolVersion("2030-01-01", protocol.ModernVersions), 400, -32022},
	}
	for _, tc := range tests {
		if tc.err.Status != tc.status || tc.err.Code != tc.code {
			t.Errorf("%s: %d/%d, want %d/%d", tc.name, tc.err.Status, tc.err.Code, tc.status, tc.code)
		}
	}
}

// The -32022 data owns its list: a caller mutating its slice afterwards does
// not change a refusal already made.
func TestUnsupportedProtocolVersionData(t *testing.T) {
	supported := []string{"a", "b"}
	e := protocol.UnsupportedProtocolVersion("c", supported)
	supported[0] = "z"
	d, ok := e.Data.(protocol.UnsupportedVersionData)
	if !ok || d.Requested != "c" || !slices.Equal(d.Supported, []string{"a", "b"}) {
		t.Fatalf("data %#v", e.Data)
	}
}

func TestLooksModern(t *testing.T) {
	for v, want := range map[string]bool{
		"2026-07-28":  true,
		"2027-01-01":  true,
		"9999-99-99":  true,
		"2025-11-25":  false,
		"zzz":         false, // sorts after "2026-07-28" as a string
		"2026-07-28 ": false,
		"2026-7-28":   false,
		"":            false,
		"2026/07/28":  false,
	} {
		if got := protocol.LooksModern(v); got != want {
			t.Errorf("LooksModern(%q) = %v, want %v", v, got, want)
		}
	}
	if !protocol.IsModernVersion(protocol.Version20260728) || protocol.IsModernVersion(protocol.Version20251125) {
		t.Error("IsModernVersion")
	}
}
