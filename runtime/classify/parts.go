package classify

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

const methodInitialize = "initialize"

// SupportedVersions are the revisions a hybrid endpoint serves, newest first:
// the modern ones by claim, the session ones by initialize. A -32022 refusal
// lists them so that a client can pick one it shares (go-sdk's client retries
// with a modern one, or falls back to initialize).
var SupportedVersions = slices.Concat(protocol.ModernVersions, protocol.SessionVersions)

// ClassifyParts classifies a request from its HTTP method, its headers and
// its whole body (nil for a body-less request), applying the rules in the
// package documentation. It never fails and never panics: every input has
// exactly one outcome, and a [Reject] always carries a 4xx [Result.Err].
func ClassifyParts(method string, header http.Header, body []byte) Result {
	res := Result{
		SessionID: headerValue(header, protocol.HeaderSessionID),
		Version:   headerValue(header, protocol.HeaderProtocolVersion),
		Body:      body,
	}
	switch method {
	case http.MethodPost:
	case http.MethodGet:
		return res.legacy(ReasonGet)
	case http.MethodDelete:
		return res.legacy(ReasonDelete)
	default:
		return res.legacy(ReasonHTTPMethod)
	}

	// Rule 2 (not JSON) is decided by the parse each shape needs anyway:
	// json.Unmarshal checks the whole input before decoding.
	trimmed := trimJSONSpace(body)
	if len(trimmed) == 0 {
		return res.legacy(ReasonNotJSON)
	}
	switch trimmed[0] {
	case '[':
		return res.classifyBatch(trimmed)
	case '{':
	default:
		if !json.Valid(trimmed) {
			return res.legacy(ReasonNotJSON)
		}
		return res.reject(ReasonInvalidJSONRPC, protocol.InvalidRequest("Invalid Request: the body is JSON but not a JSON-RPC message"))
	}

	m, err := decodeMessage(trimmed)
	if errors.Is(err, errNotJSON) {
		return res.legacy(ReasonNotJSON)
	}
	if err != nil {
		return res.reject(ReasonInvalidJSONRPC, protocol.InvalidRequest("Invalid Request: the body is JSON but not a JSON-RPC 2.0 message"))
	}
	res.Messages = []jsonrpc.Message{m.msg}
	if m.isResponse() {
		// Replies to server-initiated requests travel over a session; the
		// modern era has no such channel.
		if res.SessionID != "" {
			return res.legacy(ReasonSessionID)
		}
		return res.legacy(ReasonPostedResponse)
	}
	return res.classifyMessage(m, header)
}

// classifyMessage applies rules 6–8 to a single request or notification.
func (res Result) classifyMessage(m message, header http.Header) Result {
	req := m.req
	if req.IsCall() {
		res.ID = req.ID.Raw()
	}
	res.IsInitialize = req.Method == methodInitialize
	headerVersion := res.Version
	env := inspectEnvelope(m.params)

	// Rule 6: a claim decides the era, whatever the method or session id.
	if env.claimed {
		if env.problem != "" {
			return res.reject(ReasonInvalidEnvelope, protocol.InvalidParams("Invalid params: %s", env.problem))
		}
		if headerVersion != "" && headerVersion != env.version {
			return res.reject(ReasonHeaderMismatch, protocol.HeaderMismatch("Header mismatch: %s header %q does not match params._meta[%q] %q",
				protocol.HeaderProtocolVersion, headerVersion, protocol.MetaProtocolVersion, env.version))
		}
		if !protocol.IsModernVersion(env.version) {
			return res.reject(ReasonUnsupportedModernRevision, protocol.UnsupportedProtocolVersion(env.version, SupportedVersions))
		}
		if headerVersion == "" {
			return res.reject(ReasonMissingVersionHeader, protocol.HeaderMismatch("Header mismatch: %s header is required on a request claiming protocol version %s",
				protocol.HeaderProtocolVersion, env.version))
		}
		if r, bad := res.methodHeaderMismatch(req.Method, header); bad {
			return r
		}
		res.Version = env.version
		return res.modern(ReasonModernClaim)
	}

	// Rule 7: no claim, but a header naming a sessionless revision.
	if protocol.LooksModern(headerVersion) {
		if res.IsInitialize {
			return res.reject(ReasonInitializeWithModernHdr, protocol.HeaderMismatch("Header mismatch: initialize is the session handshake, but the %s header names %s, which has no sessions",
				protocol.HeaderProtocolVersion, headerVersion))
		}
		if !protocol.IsModernVersion(headerVersion) {
			return res.reject(ReasonUnsupportedModernRevision, protocol.UnsupportedProtocolVersion(headerVersion, SupportedVersions))
		}
		if env.problem != "" {
			return res.reject(ReasonInvalidEnvelope, protocol.InvalidParams("Invalid params: %s", env.problem))
		}
		if req.IsCall() {
			return res.reject(ReasonModernHeaderWithoutClaim, protocol.InvalidParams("Invalid params: the %s header names %s, but params._meta lacks %q",
				protocol.HeaderProtocolVersion, headerVersion, protocol.MetaProtocolVersion))
		}
		if r, bad := res.methodHeaderMismatch(req.Method, header); bad {
			return r
		}
		return res.modern(ReasonModernNotification)
	}

	// Rule 8: legacy traffic.
	if res.IsInitialize {
		if v := initializeVersion(m.params); v != "" {
			res.Version = v
		}
		return res.legacy(ReasonInitialize)
	}
	if res.SessionID != "" {
		return res.legacy(ReasonSessionID)
	}
	if req.IsCall() {
		return res.legacy(ReasonClaimlessRequest)
	}
	return res.legacy(ReasonClaimlessNotification)
}

// classifyBatch applies rule 3 (and rule 2 to a body that starts like an
// array but is not JSON).
func (res Result) classifyBatch(body []byte) Result {
	var elems []json.RawMessage
	if err := json.Unmarshal(body, &elems); err != nil {
		// body starts with '[', so an array always fits: bad syntax.
		return res.legacy(ReasonNotJSON)
	}
	res.Batch = true
	if len(elems) == 0 {
		return res.reject(ReasonEmptyBatch, protocol.InvalidRequest("Invalid Request: empty JSON-RPC batch"))
	}
	msgs := make([]jsonrpc.Message, 0, len(elems))
	for _, raw := range elems {
		m, err := decodeMessage(raw)
		if err != nil {
			return res.reject(ReasonInvalidElement, protocol.InvalidRequest("Invalid Request: the batch holds an element that is not a JSON-RPC 2.0 message"))
		}
		if !m.isResponse() && inspectEnvelope(m.params).claimed {
			return res.reject(ReasonBatchWithModernElement, protocol.InvalidRequest("Invalid Request: a batch may not hold a message claiming params._meta[%q]; protocol version %s and later take one message per POST",
				protocol.MetaProtocolVersion, protocol.Version20260728))
		}
		msgs = append(msgs, m.msg)
	}
	res.Messages = msgs
	return res.legacy(ReasonBatch)
}

// methodHeaderMismatch refuses a modern message whose Mcp-Method header, when
// present, names another method than the body. A missing header is the
// modern leg's to refuse (it checks Mcp-Name too).
func (res Result) methodHeaderMismatch(method string, header http.Header) (Result, bool) {
	h := headerValue(header, protocol.HeaderMethod)
	if h == "" || h == method {
		return Result{}, false
	}
	return res.reject(ReasonMethodHeaderMismatch, protocol.HeaderMismatch("Header mismatch: %s header %q does not match the body's method %q",
		protocol.HeaderMethod, h, method)), true
}

func (res Result) legacy(why Reason) Result {
	res.Leg, res.Reason = Legacy, why
	return res
}

func (res Result) modern(why Reason) Result {
	res.Leg, res.Reason = Modern, why
	return res
}

func (res Result) reject(why Reason, err *protocol.Error) Result {
	res.Leg, res.Reason, res.Err = Reject, why, err
	return res
}

// headerValue is the first value of a header with optional whitespace
// (RFC 9110 §5.5) removed; net/http trims it already, other callers of
// ClassifyParts may not.
func headerValue(h http.Header, name string) string {
	return strings.Trim(h.Get(name), " \t")
}
