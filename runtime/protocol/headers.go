package protocol

// HTTP header names of the Streamable HTTP transport. Go canonicalises header
// keys, so these are the canonical spellings; lookups through http.Header are
// case-insensitive either way.
const (
	// HeaderSessionID carries the session id minted by a sessionful server in
	// its initialize response and echoed by the client on every later request.
	// Protocol revision 2026-07-28 has no sessions: it is never minted or
	// echoed there.
	HeaderSessionID = "Mcp-Session-Id"
	// HeaderProtocolVersion names the negotiated revision on every request
	// after initialize (2025-06-18 and later) and on every POST at 2026-07-28,
	// where it must match the body's _meta claim.
	HeaderProtocolVersion = "Mcp-Protocol-Version"
	// HeaderMethod and HeaderName mirror the JSON-RPC method and the tool,
	// resource or prompt name of a 2026-07-28 request, for routing without
	// reading the body.
	HeaderMethod = "Mcp-Method"
	HeaderName   = "Mcp-Name"
	// HeaderLastEventID asks a GET stream to replay events after the given id
	// (resumability, 2025-11-25). Ignored at 2026-07-28.
	HeaderLastEventID = "Last-Event-Id"
	// HeaderParamPrefix starts the headers that mirror a 2026-07-28
	// tools/call argument its tool's schema marks with x-mcp-header
	// (Mcp-Param-Region, say).
	HeaderParamPrefix = "Mcp-Param-"
)

// Media types the transport negotiates.
const (
	MediaTypeJSON        = "application/json"
	MediaTypeEventStream = "text/event-stream"
)

// MetaProtocolVersion is the params._meta key under which a 2026-07-28
// request claims its protocol revision.
const MetaProtocolVersion = "io.modelcontextprotocol/protocolVersion"
