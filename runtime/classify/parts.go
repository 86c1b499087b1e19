package classify

import (
	"bytes"
	"net/http"
	"slices"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/edge"
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
// exactly one outcome, and a [Reject] always carries a 4xx [Result.Err]
// (400, 405 or 413).
func ClassifyParts(method string, header http.Header, body []byte) Result {
	switch method {
	case http.MethodPost:
	case http.MethodGet, http.MethodDelete:
		res := newResult(header, body)
		if protocol.LooksModern(res.Version) {
			// 2026-07-28 has no standalone stream and no session to
			// delete, whatever session id the request carries.
			return res.reject(ReasonModernGetDelete, protocol.MethodNotAllowed(method, http.MethodPost))
		}
		if method == http.MethodGet {
			return res.legacy(ReasonGet)
		}
		return res.legacy(ReasonDelete)
	default:
		return newResult(header, body).legacy(ReasonHTTPMethod)
	}
	p, err := edge.Decode(body)
	return classifyDecoded(header, body, p, err)
}

// jsonSpace is the whitespace JSON allows around values (RFC 8259 §2).
const jsonSpace = " \t\r\n"

func newResult(header http.Header, body []byte) Result {
	return Result{
		SessionID: headerValue(header, protocol.HeaderSessionID),
		Version:   headerValue(header, protocol.HeaderProtocolVersion),
		Body:      body,
	}
}

// classifyDecoded classifies a POST from the decoder's verdict on its body.
func classifyDecoded(header http.Header, body []byte, p *edge.Payload, err error) Result {
	res := newResult(header, body)
	if err != nil {
		e := protocol.AsError(err)
		if e.Code == protocol.CodeParseError {
			// Rule 2: only the sessionful leg speaks for bytes it cannot read.
			return res.legacy(ReasonNotJSON)
		}
		if rest, ok := bytes.CutPrefix(bytes.TrimLeft(body, jsonSpace), []byte("[")); ok {
			res.Batch = true
			if bytes.HasPrefix(bytes.TrimLeft(rest, jsonSpace), []byte("]")) {
				return res.reject(ReasonEmptyBatch, e)
			}
			return res.reject(ReasonInvalidElement, e)
		}
		return res.reject(ReasonInvalidJSONRPC, e)
	}
	res.Payload = p
	if p.Batch {
		return res.classifyBatch(p)
	}
	m := &p.Messages[0]
	if m.Request == nil {
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
func (res Result) classifyMessage(m *edge.Message, header http.Header) Result {
	req := m.Request
	if req.IsCall() {
		res.ID = req.ID.Raw()
	}
	res.IsInitialize = req.Method == methodInitialize
	headerVersion := res.Version
	env := m.Meta

	// Rule 6: a claim decides the era, whatever the method or session id.
	if env.Claimed {
		if env.Problem != "" {
			return res.reject(ReasonInvalidEnvelope, protocol.InvalidParams("Invalid params: %s", env.Problem))
		}
		if headerVersion != "" && headerVersion != env.Claim {
			return res.reject(ReasonHeaderMismatch, protocol.HeaderMismatch("Header mismatch: %s header %q does not match params._meta[%q] %q",
				protocol.HeaderProtocolVersion, headerVersion, protocol.MetaProtocolVersion, env.Claim))
		}
		if !protocol.IsModernVersion(env.Claim) {
			return res.reject(ReasonUnsupportedModernRevision, protocol.UnsupportedProtocolVersion(env.Claim, SupportedVersions))
		}
		if headerVersion == "" {
			return res.reject(ReasonMissingVersionHeader, protocol.HeaderMismatch("Header mismatch: %s header is required on a request claiming protocol version %s",
				protocol.HeaderProtocolVersion, env.Claim))
		}
		if r, bad := res.methodHeaderMismatch(req.Method, header); bad {
			return r
		}
		res.Version = env.Claim
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
		if env.Problem != "" {
			return res.reject(ReasonInvalidEnvelope, protocol.InvalidParams("Invalid params: %s", env.Problem))
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
		if v := env.InitVersion; v != "" {
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

// classifyBatch applies rule 3 to a decoded batch (the decoder refused the
// empty and invalid ones).
func (res Result) classifyBatch(p *edge.Payload) Result {
	res.Batch = true
	for _, m := range p.Messages {
		if m.Request != nil && m.Meta.Claimed {
			return res.reject(ReasonBatchWithModernElement, protocol.InvalidRequest("Invalid Request: a batch may not hold a message claiming params._meta[%q]; protocol version %s and later take one message per POST",
				protocol.MetaProtocolVersion, protocol.Version20260728))
		}
	}
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
