package edge_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

func status(err error) int {
	var e *protocol.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

func TestReadBody(t *testing.T) {
	r := httptest.NewRequest("POST", "/", strings.NewReader("0123456789"))
	if b, err := edge.ReadBody(r, 10); err != nil || string(b) != "0123456789" {
		t.Fatalf("at the limit: %q %v", b, err)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader("0123456789"))
	r.ContentLength = -1 // no length: refused at byte limit+1
	if _, err := edge.ReadBody(r, 9); status(err) != 413 {
		t.Fatalf("over the limit: %v", err)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader("x"))
	r.ContentLength = 1 << 30 // refused from the claim, before reading
	if _, err := edge.ReadBody(r, 0); status(err) != 413 {
		t.Fatalf("claimed length over the default limit: %v", err)
	}
	r = httptest.NewRequest("POST", "/", iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := edge.ReadBody(r, 0); status(err) != 400 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("broken body: %v", err)
	}
	w := httptest.NewRecorder()
	r = httptest.NewRequest("POST", "/", strings.NewReader("0123456789"))
	r.Body = http.MaxBytesReader(w, r.Body, 4)
	r.ContentLength = -1
	if _, err := edge.ReadBody(r, -1); status(err) != 413 {
		t.Fatalf("outer MaxBytesReader: %v", err)
	}
}

// A client that claims a large body and sends a small one must not make
// the server allocate what it claimed.
func TestReadBodyDoesNotTrustContentLength(t *testing.T) {
	r := httptest.NewRequest("POST", "/", strings.NewReader("{}"))
	r.ContentLength = 4 << 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 10 {
		r.Body = io.NopCloser(strings.NewReader("{}"))
		if b, err := edge.ReadBody(r, 0); err != nil || string(b) != "{}" {
			t.Fatalf("%q %v", b, err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 10; per > 64<<10 {
		t.Fatalf("%d bytes allocated per read of a 2-byte body claiming 4 MiB", per)
	}
}

func TestForwardCarriesTheDecoding(t *testing.T) {
	raw := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	p, err := edge.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	r := edge.Forward(httptest.NewRequest("POST", "/", nil), raw, p, nil)
	if got, err := edge.ReadPayload(r, 0); err != nil || got != p {
		t.Fatalf("carried payload not handed on: %p %v, want %p", got, err, p)
	}
	// A handler that reads the body sees the bytes; the decoding goes with
	// them and is not served stale.
	r = edge.Forward(httptest.NewRequest("POST", "/", nil), raw, p, nil)
	if b, _ := io.ReadAll(r.Body); !bytes.Equal(b, raw) {
		t.Fatalf("body reads %q", b)
	}
	if b, _ := r.GetBody(); b != nil {
		if again, _ := io.ReadAll(b); !bytes.Equal(again, raw) {
			t.Fatalf("GetBody reads %q", again)
		}
	}
	// A middleware that replaced the body: decoded afresh.
	r = edge.Forward(httptest.NewRequest("POST", "/", nil), raw, p, nil)
	r.Body = io.NopCloser(strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"ping"}`))
	if got, err := edge.ReadPayload(r, 0); err != nil || got == p || got.ID() != int64(2) {
		t.Fatalf("replaced body: %+v %v", got, err)
	}
	// A lower limit further in still refuses the carried body.
	r = edge.Forward(httptest.NewRequest("POST", "/", nil), raw, p, nil)
	if _, err := edge.ReadPayload(r, 8); status(err) != 413 {
		t.Fatalf("carried body over a smaller limit: %v", err)
	}
	// A carried refusal is handed on too.
	bad := []byte(`{"jsonrpc":"2.0","id":1,"method":null}`)
	_, derr := edge.Decode(bad)
	r = edge.Forward(httptest.NewRequest("POST", "/", nil), bad, nil, derr)
	if _, err := edge.ReadPayload(r, 0); err != derr {
		t.Fatalf("carried refusal: %v", err)
	}
}

func TestCheckHostOrigin(t *testing.T) {
	loop := &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 80}
	public := &net.TCPAddr{IP: net.ParseIP("10.0.0.1"), Port: 80}
	for _, tc := range []struct {
		local          net.Addr
		host, origin   string
		hosts, origins []string
		want           int // 0: allowed
	}{
		{loop, "localhost:8080", "", nil, nil, 0},
		{loop, "127.0.0.1:8080", "", nil, nil, 0},
		{loop, "[::1]:8080", "", nil, nil, 0},
		{loop, "[::1]", "", nil, nil, 0},
		{loop, "LOCALHOST", "", nil, nil, 0},
		{loop, "evil.example:8080", "", nil, nil, 403},
		{loop, "localhost", "http://evil.example", nil, nil, 403},
		{loop, "localhost", "http://[::1]:3000", nil, nil, 0},
		{loop, "localhost", "null", nil, nil, 403},
		// Other listeners without an allowlist: same-origin only.
		{public, "api.example", "https://api.example", nil, nil, 0},
		{public, "api.example:8443", "https://API.example:8443", nil, nil, 0},
		{public, "api.example:8443", "https://api.example", nil, nil, 0},
		{public, "api.example:8443", "https://api.example:9443", nil, nil, 403},
		{public, "api.example", "https://evil.example", nil, nil, 403},
		{public, "api.example", "null", nil, nil, 403},
		// Allowlists decide, on any listener.
		{public, "api.example:443", "", []string{"API.example"}, nil, 0},
		{public, "api.example:443", "", []string{"api.example:443"}, nil, 0},
		{public, "api.example:444", "", []string{"api.example:443"}, nil, 403},
		{public, "[::1]:80", "", []string{"::1"}, nil, 0},
		{public, "[::1]", "", []string{"[::1]"}, nil, 0},
		{public, "::1", "", []string{"[::1]"}, nil, 0},
		{public, "other.example", "", []string{"api.example"}, nil, 403},
		{public, "x", "https://App.Example/", nil, []string{"https://app.example"}, 0},
		{public, "x", "https://app.example", nil, []string{"https://app.example/"}, 0},
		{public, "x", "https://app.example:8443", nil, []string{"https://app.example"}, 403},
		{loop, "localhost", "http://localhost:3000", nil, []string{"https://app.example"}, 403},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		r.Host = tc.host
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, tc.local))
		if got := status(edge.CheckHostOrigin(r, tc.hosts, tc.origins)); got != tc.want {
			t.Errorf("listener %v Host %q Origin %q hosts %q origins %q: %d, want %d", tc.local, tc.host, tc.origin, tc.hosts, tc.origins, got, tc.want)
		}
	}
}
