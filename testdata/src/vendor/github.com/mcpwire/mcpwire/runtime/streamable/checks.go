package streamable

import (
	"net/http"
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
