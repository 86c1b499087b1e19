package protocol

import (
	"net/http"
	"slices"
	"strings"
)

// ModernVersions are the sessionless revisions (2026-07-28 and later) this
// module serves, newest first. A request reaches them through a per-request
// params._meta claim ([MetaProtocolVersion]) instead of an initialize
// handshake.
var ModernVersions = []string{Version20260728}

// IsModernVersion reports whether v is one of [ModernVersions].
func IsModernVersion(v string) bool { return slices.Contains(ModernVersions, v) }

// LooksModern reports whether v is written like a revision (YYYY-MM-DD) and
// is 2026-07-28 or later, whether or not this module serves it. A plain
// string comparison is not enough: any garbage starting with a letter sorts
// after "2026-07-28".
func LooksModern(v string) bool { return isRevision(v) && v >= Version20260728 }

// isRevision reports whether v has the spec's revision shape, YYYY-MM-DD.
func isRevision(v string) bool {
	if len(v) != len("2006-01-02") {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// The refusals of the 2026-07-28 request ladder, answered before a request
// reaches a server (SEP-2575, SEP-2243).

// HeaderMismatch answers a request whose MCP-Protocol-Version, Mcp-Method or
// Mcp-Name header disagrees with its body, or that sends a header the body's
// era forbids: 400 / -32020.
func HeaderMismatch(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeHeaderMismatch, format, args...)
}

// InvalidParams answers a malformed 2026-07-28 per-request envelope
// (params._meta): 400 / -32602. It is the one place -32602 travels with an
// HTTP status other than 200; a handler's invalid-params error stays in-band.
func InvalidParams(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeInvalidParams, format, args...)
}

// UnsupportedProtocolVersion answers a 2026-07-28-style request (a _meta
// claim, or a modern MCP-Protocol-Version header) naming a revision the
// endpoint does not serve that way: 400 / -32022 with data {supported,
// requested}, from which a client picks a revision it shares (SEP-2575).
// Compare [UnsupportedVersion], the sessionful transport's 400 / -32000 for
// an unsupported header.
func UnsupportedProtocolVersion(requested string, supported []string) *Error {
	e := NewError(http.StatusBadRequest, CodeUnsupportedProtocolVersion, "Unsupported protocol version %q (supported versions: %s)", requested, strings.Join(supported, ", "))
	e.Data = UnsupportedVersionData{Supported: slices.Clone(supported), Requested: requested}
	return e
}
