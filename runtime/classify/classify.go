package classify

import (
	"bytes"
	"errors"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// DefaultMaxBodyBytes is the body limit [Classify] applies when given zero:
// 4 MiB, the same as go-sdk's StreamableHTTPOptions default, so that a
// hybrid endpoint refuses exactly the bodies its legs would.
const DefaultMaxBodyBytes = 4 << 20

// Classify classifies r (see the package documentation) and returns the
// request to hand to the winning leg.
//
// A POST body is read once, to at most maxBodyBytes (zero means
// [DefaultMaxBodyBytes], a negative value no limit). The returned request is
// a shallow copy of r whose Body reads the same bytes afresh, with
// ContentLength and GetBody set; the bytes are also in [Result.Body]. Other
// methods' bodies are not read and r is returned as it is.
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
	if maxBodyBytes == 0 {
		maxBodyBytes = DefaultMaxBodyBytes
	}
	body, err := readBody(r, maxBodyBytes)
	if err != nil {
		res := Result{SessionID: headerValue(r.Header, protocol.HeaderSessionID), Leg: Reject}
		var tooLarge *http.MaxBytesError
		switch {
		case errors.Is(err, errTooLarge):
			res.Reason, res.Err = ReasonBodyTooLarge, protocol.BodyTooLarge(maxBodyBytes)
			return r, res, nil
		case errors.As(err, &tooLarge):
			// A limit set further out (http.MaxBytesReader) is a size refusal
			// too, not a broken body.
			res.Reason, res.Err = ReasonBodyTooLarge, protocol.BodyTooLarge(tooLarge.Limit)
			return r, res, nil
		}
		e := protocol.BadRequest("Bad Request: the request body could not be read")
		e.Cause = err
		res.Reason, res.Err = ReasonUnreadableBody, e
		return r, res, e
	}
	res := ClassifyParts(r.Method, r.Header, body)
	return forward(r, body), res, nil
}

var errTooLarge = errors.New("body over the limit")

// maxPrealloc bounds the buffer allocated before any byte has arrived.
const maxPrealloc = 1 << 20

// readBody reads r's whole body, failing with errTooLarge as soon as it is
// known to exceed limit (from Content-Length, before reading anything, or
// after limit+1 bytes). limit < 0 means no limit.
func readBody(r *http.Request, limit int64) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	if limit >= 0 && r.ContentLength > limit {
		return nil, errTooLarge
	}
	// Size the buffer from Content-Length when it is known: one allocation
	// for the common case instead of io.ReadAll's doubling. Capped, so that
	// a client claiming a large body it never sends costs nothing up front.
	size := 512
	if r.ContentLength > 0 && r.ContentLength < maxPrealloc {
		size = int(r.ContentLength) + 1 // +1 so the read that sees EOF needs no growth
	}
	buf := make([]byte, 0, size)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		// Never ask for more than one byte past the limit.
		end := cap(buf)
		if limit >= 0 && int64(end)-1 > limit {
			end = int(limit) + 1
		}
		n, err := r.Body.Read(buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if limit >= 0 && int64(len(buf)) > limit {
			return nil, errTooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// forward returns a shallow copy of r whose body reads body from the start,
// as many times as GetBody is called.
func forward(r *http.Request, body []byte) *http.Request {
	f := r.WithContext(r.Context())
	f.Body = io.NopCloser(bytes.NewReader(body))
	f.ContentLength = int64(len(body))
	f.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	// The length is known now; a chunked encoding no longer describes Body.
	f.TransferEncoding = nil
	return f
}
