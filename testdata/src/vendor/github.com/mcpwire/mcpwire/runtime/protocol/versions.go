package protocol

import "slices"

// Protocol revisions, in the spec's date format; they sort as strings.
const (
	Version20241105 = "2024-11-05"
	Version20250326 = "2025-03-26"
	Version20250618 = "2025-06-18"
	Version20251125 = "2025-11-25"
	Version20260728 = "2026-07-28"
)

// DefaultVersion is the revision a server assumes for a request that carries
// no MCP-Protocol-Version header (spec 2025-06-18, "Protocol Version Header").
const DefaultVersion = Version20250326

// SessionVersions are the revisions a sessionful Streamable HTTP transport
// serves, newest first. 2024-11-05 used the older HTTP+SSE transport and
// 2026-07-28 has no sessions, so neither is here.
var SessionVersions = []string{Version20251125, Version20250618, Version20250326}

// HasSessions reports whether revision v has Streamable HTTP sessions, a
// standalone GET stream and Last-Event-ID resumption. Revision 2026-07-28
// (SEP-2567, SEP-2575) and everything after it has none of them.
func HasSessions(v string) bool { return v < Version20260728 }

// IsSessionVersion reports whether v is one of [SessionVersions].
func IsSessionVersion(v string) bool { return slices.Contains(SessionVersions, v) }
