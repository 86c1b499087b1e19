package classify

import (
	"strconv"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Leg is the side of a hybrid endpoint that answers a request.
type Leg int

const (
	// Legacy is the sessionful leg: initialize handshakes and every
	// session's follow-ups (2025-03-26 … 2025-11-25).
	Legacy Leg = iota
	// Modern is the stateless 2026-07-28 leg.
	Modern
	// Reject means neither leg serves the request; [Result.Err] is the
	// answer.
	Reject
)

func (l Leg) String() string {
	switch l {
	case Legacy:
		return "legacy"
	case Modern:
		return "modern"
	case Reject:
		return "reject"
	}
	return "Leg(" + strconv.Itoa(int(l)) + ")"
}

// Reason names the rule that decided a [Result], for logs, metrics and tests.
// The values are stable.
type Reason string

// Reasons for [Legacy].
const (
	ReasonGet                   Reason = "get"
	ReasonDelete                Reason = "delete"
	ReasonHTTPMethod            Reason = "http-method" // any method but GET, POST, DELETE
	ReasonNotJSON               Reason = "not-json"
	ReasonBatch                 Reason = "batch"
	ReasonPostedResponse        Reason = "posted-response"
	ReasonInitialize            Reason = "initialize"
	ReasonSessionID             Reason = "session-id" // a claim-less message carrying Mcp-Session-Id
	ReasonClaimlessRequest      Reason = "claimless-request"
	ReasonClaimlessNotification Reason = "claimless-notification"
)

// Reasons for [Modern].
const (
	ReasonModernClaim        Reason = "modern-claim"        // params._meta claims a served revision
	ReasonModernNotification Reason = "modern-notification" // claim-less notification, modern header
)

// Reasons for [Reject].
const (
	ReasonModernGetDelete           Reason = "modern-get-delete"             // 405, GET/DELETE naming 2026-07-28
	ReasonBodyTooLarge              Reason = "body-too-large"                // 413 / -32000
	ReasonUnreadableBody            Reason = "unreadable-body"               // 400 / -32000
	ReasonEmptyBatch                Reason = "empty-batch"                   // 400 / -32600
	ReasonBatchWithModernElement    Reason = "batch-with-modern-element"     // 400 / -32600
	ReasonInvalidElement            Reason = "invalid-element"               // 400 / -32600
	ReasonInvalidJSONRPC            Reason = "invalid-jsonrpc"               // 400 / -32600
	ReasonInitializeWithModernHdr   Reason = "initialize-with-modern-header" // 400 / -32020
	ReasonHeaderMismatch            Reason = "header-mismatch"               // 400 / -32020, MCP-Protocol-Version ≠ claim
	ReasonMissingVersionHeader      Reason = "missing-version-header"        // 400 / -32020
	ReasonMethodHeaderMismatch      Reason = "method-header-mismatch"        // 400 / -32020, Mcp-Method ≠ body
	ReasonInvalidEnvelope           Reason = "invalid-envelope"              // 400 / -32602
	ReasonModernHeaderWithoutClaim  Reason = "modern-header-without-claim"   // 400 / -32602
	ReasonUnsupportedModernRevision Reason = "unsupported-revision"          // 400 / -32022
)

// Result is the classification of one request.
type Result struct {
	Leg    Leg
	Reason Reason
	// Err is the refusal for [Reject] (always set, always 4xx) and nil for
	// the other legs.
	Err *protocol.Error
	// ID is the JSON-RPC id of a single request body (string or int64), for
	// protocol.WriteError; nil for notifications, responses, batches and
	// unreadable bodies, which are answered with a null id.
	ID any

	// SessionID is the Mcp-Session-Id header, trimmed; empty if absent. It
	// is set whatever the leg, so a caller can log a session id that a
	// modern request carried (and that the modern leg ignores).
	SessionID string
	// Version is the revision the request named: for [Modern] the claim (or
	// the header of a claim-less notification); for [Legacy] an
	// initialize's params.protocolVersion, else the MCP-Protocol-Version
	// header; empty if it named none.
	Version string
	// IsInitialize reports a single message whose method is initialize. It
	// is set on [Modern] too, when the initialize carried a valid claim (the
	// modern leg answers it method-not-found).
	IsInitialize bool
	// Batch reports a JSON array body.
	Batch bool

	// Body is the request body as read (nil for methods other than POST).
	// The forwarded request reads these same bytes: do not modify them.
	Body []byte
	// Payload is the body decoded by the runtime's one decoder: go-sdk's
	// message types (one for a single message, one per element for a
	// batch) and the params fields the runtime routes on. nil for bodies
	// that are not JSON-RPC, body-less methods and refused batches.
	Payload *edge.Payload
}
