package classify

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// DefaultMaxBodyBytes is the body limit [Classify] applies when given zero:
// the runtime's one limit, [edge.DefaultMaxBodyBytes].
const DefaultMaxBodyBytes = edge.DefaultMaxBodyBytes

// Classify classifies r (see the package documentation) and returns the
// request to hand to the winning leg.
//
// A POST body is read once, to at most maxBodyBytes (zero means
// [DefaultMaxBodyBytes], a negative value no limit), and decoded once. The
// returned request is a shallow copy of r whose Body reads the same bytes
// afresh and carries their decoding, so that a runtime/streamable transport
// serving it neither reads nor decodes the body again ([edge.Forward]); the
// bytes are also in [Result.Body]. Other methods' bodies are not read and r
// is returned as it is.
//
// A body over the limit is a [Reject] with 413 / -32000. A body that cannot
// be read (the client went away, a broken chunked encoding) is a [Reject]
// with 400 / -32000 and is also returned as err, so that it can be logged
// apart from a body that was read and is not JSON (which is [Legacy]). In
// both cases r is returned unchanged and must not be forwarded.
func Classify(r *http.Request, maxBodyBytes int64) (*http.Request, Result, error) {
	if r.Method != http.MethodPost {
		return r, ClassifyParts(r.Method, r.Header, nil), nil
	}
	body, err := edge.ReadBody(r, maxBodyBytes)
	if err != nil {
		res := Result{SessionID: headerValue(r.Header, protocol.HeaderSessionID), Leg: Reject}
		e := protocol.AsError(err)
		if e.Status == http.StatusRequestEntityTooLarge {
			res.Reason, res.Err = ReasonBodyTooLarge, e
			return r, res, nil
		}
		res.Reason, res.Err = ReasonUnreadableBody, e
		return r, res, e
	}
	p, derr := edge.Decode(body)
	res := classifyDecoded(r.Header, body, p, derr)
	return edge.Forward(r, body, p, derr), res, nil
}
