package protocol

// JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object).
const (
	// CodeParseError: the body is not JSON. Only a failure to decode the
	// client's bytes earns it.
	CodeParseError = -32700
	// CodeInvalidRequest: valid JSON that is not a valid JSON-RPC request, or
	// a request in a shape the transport refuses (initialize in a batch,
	// initialize on an initialized session).
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	// CodeInternalError: the server failed; always with HTTP 500.
	CodeInternalError = -32603
)

// Implementation-defined server error codes used by MCP transports.
const (
	// CodeServerError is the transport's generic refusal code (-32000) for
	// HTTP-level refusals: bad headers, wrong method, missing session id.
	CodeServerError = -32000
	// CodeSessionNotFound answers an unknown or terminated Mcp-Session-Id,
	// always with HTTP 404 so that the client re-initializes.
	CodeSessionNotFound = -32001
	// CodeHeaderMismatch: a 2026-07-28 header disagrees with the body.
	CodeHeaderMismatch = -32020
	// CodeMissingCapability: a 2026-07-28 request needs a client capability
	// it did not declare.
	CodeMissingCapability = -32021
	// CodeUnsupportedProtocolVersion: a 2026-07-28-style request names a
	// revision the server does not serve.
	CodeUnsupportedProtocolVersion = -32022
)

// StatusForCode is the HTTP status that goes with a JSON-RPC error code when
// nothing more specific is known: client faults are 4xx, -32603 is 500, and
// the session-not-found code is 404. Used where an error arrives as a
// JSON-RPC response (for example an initialize the server answered with an
// error) and must be mapped to a status.
func StatusForCode(code int64) int {
	switch code {
	case CodeInternalError:
		return 500
	case CodeSessionNotFound, CodeMethodNotFound:
		return 404
	}
	return 400
}

// ModernStatusForCode is the HTTP status of a 2026-07-28 answer carrying a
// protocol-level error (SEP-2575): 404 for -32601, 400 for -32602, -32021
// and -32022; 0 for every other code, which travels in-band with 200 (a
// tool's own failure, say). go-sdk's stateless transport maps them alike.
func ModernStatusForCode(code int64) int {
	switch code {
	case CodeMethodNotFound:
		return 404
	case CodeInvalidParams, CodeMissingCapability, CodeUnsupportedProtocolVersion:
		return 400
	}
	return 0
}
