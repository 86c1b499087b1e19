package streamable

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// accepts reports which of the transport's two response media types the
// Accept header allows. Each element is a parsed media range; wildcards
// count, a range with q=0 is a refusal and does not.
func accepts(h http.Header) (jsonOK, sseOK bool) {
	for _, line := range h.Values("Accept") {
		for part := range strings.SplitSeq(line, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			if q, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(q, 64); err == nil && f == 0 {
					continue
				}
			}
			switch mt {
			case "*/*":
				jsonOK, sseOK = true, true
			case "application/*", protocol.MediaTypeJSON:
				jsonOK = true
			case "text/*", protocol.MediaTypeEventStream:
				sseOK = true
			}
		}
	}
	return jsonOK, sseOK
}

// checkPOSTHeaders checks Accept (406) and Content-Type (415) of a POST.
// Clients must accept both response shapes: which one a request gets is the
// server's choice.
func checkPOSTHeaders(r *http.Request) error {
	if jsonOK, sseOK := accepts(r.Header); !jsonOK || !sseOK {
		return protocol.NotAcceptable("Not Acceptable: Accept must include both %s and %s", protocol.MediaTypeJSON, protocol.MediaTypeEventStream)
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != protocol.MediaTypeJSON {
		return protocol.UnsupportedMediaType(ct)
	}
	return nil
}

// checkGETHeaders checks that a GET accepts an event stream (406).
func checkGETHeaders(r *http.Request) error {
	if _, sseOK := accepts(r.Header); !sseOK {
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
// rule go-sdk applies to Host, extended to Origin.
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
	if loopbackListener {
		u, err := url.Parse(origin)
		if err != nil || u.Host == "" || !isLoopbackHost(u.Host) {
			return protocol.Forbidden("Forbidden: Origin %q is not a loopback origin", origin)
		}
	}
	return nil
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
