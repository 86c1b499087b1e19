package edge

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// CheckHostOrigin is the DNS-rebinding protection every runtime path
// applies (the rule is in docs/protocol.md, "Host and Origin"):
//
//   - With allowedHosts set, the Host header must match an entry: an entry
//     with a port matches that host and port, an entry without one matches
//     the host on any port. Names compare without regard to ASCII case, and
//     IPv6 literals with or without brackets ("::1", "[::1]").
//   - Without, a request that arrived on a loopback address must name a
//     loopback host (localhost, 127.0.0.0/8, ::1, IPv4-mapped loopback).
//   - An Origin header, when present, must match an allowedOrigins entry
//     (scheme, host and port; case-insensitive; a trailing slash on either
//     side ignored). Without allowedOrigins it must be a loopback origin
//     when the request arrived on a loopback address, and same-origin (its
//     host the Host header's, ports compared when both name one) on any
//     other address. Requests without Origin (non-browser clients) are
//     never refused for it.
//
// The refusal is 403 / -32000, a *protocol.Error.
func CheckHostOrigin(r *http.Request, allowedHosts, allowedOrigins []string) error {
	loopback := onLoopback(r)
	if len(allowedHosts) > 0 {
		if !hostAllowed(r.Host, allowedHosts) {
			return protocol.Forbidden("Forbidden: Host %q is not allowed", r.Host)
		}
	} else if loopback && !IsLoopbackHost(r.Host) {
		return protocol.Forbidden("Forbidden: Host %q is not a loopback host", r.Host)
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	if len(allowedOrigins) > 0 {
		for _, o := range allowedOrigins {
			if strings.EqualFold(strings.TrimSuffix(o, "/"), strings.TrimSuffix(origin, "/")) {
				return nil
			}
		}
		return protocol.Forbidden("Forbidden: Origin %q is not allowed", origin)
	}
	u, err := url.Parse(origin)
	if loopback {
		if err != nil || u.Host == "" || !IsLoopbackHost(u.Host) {
			return protocol.Forbidden("Forbidden: Origin %q is not a loopback origin", origin)
		}
		return nil
	}
	// Any other listener without an allowlist: a browser may only send
	// same-origin requests, so that a page on another site cannot drive
	// the server through a visitor's browser (a rebound page's Origin
	// still names the attacker's host).
	if err != nil || u.Host == "" || !sameHost(u.Host, r.Host) {
		return protocol.Forbidden("Forbidden: Origin %q does not match Host %q; list it in AllowedOrigins", origin, r.Host)
	}
	return nil
}

// sameHost compares an Origin's host[:port] with a Host header: the names
// must match, and the ports when both name one (a default port is often
// left out of one of them).
func sameHost(originHost, host string) bool {
	on, op := splitHost(originHost)
	hn, hp := splitHost(host)
	return strings.EqualFold(on, hn) && (op == "" || hp == "" || op == hp)
}

// onLoopback reports whether r arrived on a loopback address of this
// server (net/http records the listener's address in the context).
func onLoopback(r *http.Request) bool {
	switch addr := r.Context().Value(http.LocalAddrContextKey).(type) {
	case *net.TCPAddr:
		return addr.IP.IsLoopback()
	case net.Addr:
		return IsLoopbackHost(addr.String())
	}
	return false
}

// hostAllowed matches host (as sent, maybe with a port) against the list.
func hostAllowed(host string, allowed []string) bool {
	name, port := splitHost(host)
	for _, a := range allowed {
		aname, aport := splitHost(a)
		if strings.EqualFold(aname, name) && (aport == "" || aport == port) {
			return true
		}
	}
	return false
}

// splitHost splits host[:port] into the host without IPv6 brackets and the
// port ("" when none).
func splitHost(hostport string) (host, port string) {
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		return h, p
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]"), ""
}

// IsLoopbackHost reports whether host[:port] names localhost or a loopback
// IP address.
func IsLoopbackHost(hostport string) bool {
	h, _ := splitHost(hostport)
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Unmap().IsLoopback()
}
