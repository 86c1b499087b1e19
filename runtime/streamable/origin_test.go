package streamable_test

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// onPublic marks r as arrived on a non-loopback listener, as net/http does
// for a server bound to 0.0.0.0 and reached on its LAN address.
func onPublic(r *http.Request) *http.Request {
	addr := &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 8080}
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

// On a non-loopback listener with no allowlist, any Host is served (the
// operator did not say which names the server has), but a browser request
// must be same-origin: a page on another site is refused 403.
func TestOriginOnNonLoopbackListener(t *testing.T) {
	for _, c := range []struct {
		host, origin string
		want         int
	}{
		{"mcp.example.com", "", http.StatusOK},
		{"10.1.2.3:8080", "", http.StatusOK},
		{"mcp.example.com", "https://mcp.example.com", http.StatusOK},
		{"mcp.example.com:8443", "https://mcp.example.com:8443", http.StatusOK},
		{"mcp.example.com", "https://MCP.example.com:443", http.StatusOK},
		{"mcp.example.com", "https://evil.example", http.StatusForbidden},
		{"mcp.example.com:8443", "https://mcp.example.com:9443", http.StatusForbidden},
		{"10.1.2.3:8080", "http://localhost:3000", http.StatusForbidden},
		{"mcp.example.com", "null", http.StatusForbidden},
	} {
		p := connect(t, streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
		extra := []string{}
		if c.origin != "" {
			extra = append(extra, "Origin", c.origin)
		}
		r := onPublic(request(http.MethodPost, initBody(1, protocol.Version20250618), extra...))
		r.Host = c.host
		w := serve(p.tr, r)
		if w.Code != c.want {
			t.Errorf("Host %q Origin %q: %d %s, want %d", c.host, c.origin, w.Code, w.Body, c.want)
		}
		if w.Code == http.StatusForbidden {
			if e := decodeError(t, w); e.Error.Code != protocol.CodeServerError {
				t.Errorf("Host %q Origin %q: code %d", c.host, c.origin, e.Error.Code)
			}
		}
		p.tr.Close()
		p.waitEnded(t)
	}
}
