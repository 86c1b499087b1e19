package streamable

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// checkGETHeaders checks that a GET accepts an event stream (406).
func checkGETHeaders(r *http.Request) error {
	if _, sseOK := protocol.Accepts(r.Header); !sseOK {
		return protocol.NotAcceptable("Not Acceptable: Accept must include %s", protocol.MediaTypeEventStream)
	}
	return nil
}

// checkVersionHeader refuses an MCP-Protocol-Version header naming a
// revision this transport does not serve (400 / -32000, listing the ones it
// does). An absent header means 2025-03-26; the returned string is the
// effective revision.
func checkVersionHeader(r *http.Request) (string, error) {
	vals := r.Header.Values(protocol.HeaderProtocolVersion)
	if len(vals) == 0 {
		return protocol.DefaultVersion, nil
	}
	v := strings.TrimSpace(vals[0])
	if len(vals) > 1 || !protocol.IsSessionVersion(v) {
		return "", protocol.UnsupportedVersion(v, protocol.SessionVersions)
	}
	return v, nil
}

// checkOrigin is the DNS-rebinding protection. With allowlists configured
// they decide; without, a request that arrived on a loopback address must
// name a loopback Host and, if it has an Origin, a loopback origin — the
// rule go-sdk applies to Host, extended to Origin — and one that arrived on
// any other address, if it has an Origin, must be same-origin (its host
// the request's Host).
func (t *Transport) checkOrigin(r *http.Request) error {
	loopbackListener := false
	switch addr := r.Context().Value(http.LocalAddrContextKey).(type) {
	case *net.TCPAddr:
		loopbackListener = addr.IP.IsLoopback()
	case net.Addr:
		loopbackListener = isLoopbackHost(addr.String())
	}
	if len(t.opts.AllowedHosts) > 0 {
		if !hostAllowed(r.Host, t.opts.AllowedHosts) {
			return protocol.Forbidden("Forbidden: Host %q is not allowed", r.Host)
		}
	} else if loopbackListener && !isLoopbackHost(r.Host) {
		return protocol.Forbidden("Forbidden: Host %q is not a loopback host", r.Host)
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	if len(t.opts.AllowedOrigins) > 0 {
		for _, o := range t.opts.AllowedOrigins {
			if strings.EqualFold(strings.TrimSuffix(o, "/"), strings.TrimSuffix(origin, "/")) {
				return nil
			}
		}
		return protocol.Forbidden("Forbidden: Origin %q is not allowed", origin)
	}
	u, err := url.Parse(origin)
	if loopbackListener {
		if err != nil || u.Host == "" || !isLoopbackHost(u.Host) {
			return protocol.Forbidden("Forbidden: Origin %q is not a loopback origin", origin)
		}
		return nil
	}
	// Any other listener without an allowlist: a browser may only send
	// same-origin requests, so that a page on another site cannot drive
	// the server through a visitor's browser (DNS rebinding included: the
	// rebound page's Origin still names the attacker's host).
	if err != nil || u.Host == "" || !sameHost(u.Host, r.Host) {
		return protocol.Forbidden("Forbidden: Origin %q does not match Host %q; list it in AllowedOrigins", origin, r.Host)
	}
	return nil
}

// sameHost compares an Origin's host[:port] with a Host header: the names
// must match, and the ports when both name one (a default port is often
// left out of one of them).
func sameHost(originHost, host string) bool {
	on, op, oerr := net.SplitHostPort(originHost)
	hn, hp, herr := net.SplitHostPort(host)
	if oerr != nil {
		on = hostname(originHost)
	}
	if herr != nil {
		hn = hostname(host)
	}
	if !strings.EqualFold(on, hn) {
		return false
	}
	return oerr != nil || herr != nil || op == hp
}

// hostAllowed matches host (as sent, maybe with a port) against the list,
// which may name hosts with or without ports.
func hostAllowed(host string, allowed []string) bool {
	name := hostname(host)
	for _, a := range allowed {
		if strings.EqualFold(a, host) || strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// hostname strips the port and IPv6 brackets from a host[:port].
func hostname(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// isLoopbackHost reports whether host[:port] is localhost or a loopback IP.
func isLoopbackHost(hostport string) bool {
	h := hostname(hostport)
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Unmap().IsLoopback()
}
