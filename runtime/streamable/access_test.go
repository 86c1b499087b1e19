package streamable_test

import (
	"net"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// What a server says at start about the listener it got: a wildcard or LAN
// address without allowlists is exposed; loopback or an allowlist is not.
func TestAccessPolicy(t *testing.T) {
	for _, c := range []struct {
		addr           net.Addr
		hosts, origins []string
		exposed        bool
		host, origin   string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, nil, nil, false, "loopback", "loopback origins"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, nil, nil, false, "loopback", "loopback origins"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, nil, nil, true, "any", "same-origin"},
		{&net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 8080}, []string{"mcp.example.com"}, []string{"https://app.example.com"}, false, "only mcp.example.com", "https://app.example.com"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, nil, []string{"https://app.example.com"}, true, "any", "https://app.example.com"},
	} {
		host, origin, exposed := streamable.AccessPolicy(c.addr, c.hosts, c.origins)
		if exposed != c.exposed || !strings.Contains(host, c.host) || !strings.Contains(origin, c.origin) {
			t.Errorf("%v %v %v: %q %q exposed=%v", c.addr, c.hosts, c.origins, host, origin, exposed)
		}
	}
}
