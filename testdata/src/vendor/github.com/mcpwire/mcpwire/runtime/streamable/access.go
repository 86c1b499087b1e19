package streamable

import (
	"net"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/edge"
)

// AccessPolicy describes which Host and Origin values a transport with the
// allowlists hosts and origins serves on a listener at addr, in the words a
// server should log when it starts. exposed reports a listener that is not
// on a loopback address and has no Host allowlist: every Host name is then
// served, and only the Origin check stands between a browser page on
// another site and the server.
func AccessPolicy(addr net.Addr, hosts, origins []string) (hostRule, originRule string, exposed bool) {
	loopback := false
	switch a := addr.(type) {
	case *net.TCPAddr:
		loopback = a.IP.IsLoopback()
	case nil:
	default:
		loopback = edge.IsLoopbackHost(a.String())
	}
	switch {
	case len(hosts) > 0:
		hostRule = "only " + strings.Join(hosts, ", ")
	case loopback:
		hostRule = "loopback names only (localhost, 127.0.0.1, ::1)"
	default:
		hostRule = "any"
		exposed = true
	}
	switch {
	case len(origins) > 0:
		originRule = "requests without Origin, and " + strings.Join(origins, ", ")
	case loopback:
		originRule = "requests without Origin, and loopback origins"
	default:
		originRule = "requests without Origin, and same-origin requests (Origin matching Host)"
	}
	return hostRule, originRule, exposed
}
