package edge

import (
	"bytes"
	"io"
	"net/http"
)

// carried is the body of a request that has been read and decoded: it
// reads the same bytes again, and carries the decoding so that the next
// handler does not repeat it. It travels in the body rather than in the
// context so that a middleware that replaces or reads the body also drops
// the decoding, and a stale one can never be served.
type carried struct {
	bytes.Reader
	raw []byte
	p   *Payload
	err error
}

func (*carried) Close() error { return nil }

// forwarded is a request from [Forward] with its body: one allocation.
type forwarded struct {
	req  http.Request
	body carried
}

// Forward returns a shallow copy of r whose body reads raw from the start
// and carries its decoding (p, or the refusal err from [Decode]), for
// [ReadPayload]. ContentLength is len(raw) and GetBody reads raw again.
func Forward(r *http.Request, raw []byte, p *Payload, err error) *http.Request {
	fw := &forwarded{req: *r, body: carried{raw: raw, p: p, err: err}}
	f, c := &fw.req, &fw.body
	c.Reset(raw)
	f.Body = c
	f.ContentLength = int64(len(raw))
	f.GetBody = c.reopen
	// The length is known now; a chunked encoding no longer describes Body.
	f.TransferEncoding = nil
	return f
}

func (c *carried) reopen() (io.ReadCloser, error) {
	return io.NopCloser(bytes.NewReader(c.raw)), nil
}

// ReadPayload reads and decodes r's body under limit (as [ReadBody] and
// [Decode]); for a request from [Forward] whose body nobody has read, it
// returns the carried decoding instead, still refusing it 413 if it is over
// this limit. A refusal is a *protocol.Error.
func ReadPayload(r *http.Request, limit int64) (*Payload, error) {
	if c, ok := r.Body.(*carried); ok && c.Len() == len(c.raw) {
		if limit == 0 {
			limit = DefaultMaxBodyBytes
		}
		if limit < 0 || int64(len(c.raw)) <= limit {
			// Consumed, as a read would have: a second call reads it.
			c.Reset(nil)
			return c.p, c.err
		}
	}
	raw, err := ReadBody(r, limit)
	if err != nil {
		return nil, err
	}
	return Decode(raw)
}

// Carried returns the decoding a request from [Forward] carries, without
// consuming its body: ok is false when r's body is not such a body, has been
// read from, or carries a refusal.
func Carried(r *http.Request) (p *Payload, ok bool) {
	c, is := r.Body.(*carried)
	if !is || c.Len() != len(c.raw) || c.err != nil || c.p == nil {
		return nil, false
	}
	return c.p, true
}
