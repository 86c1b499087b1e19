package edge

import (
	"errors"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// DefaultMaxBodyBytes is the POST body limit every runtime path applies when
// given zero: 4 MiB, the same as go-sdk's StreamableHTTPOptions default, so
// that a hybrid endpoint refuses exactly the bodies its legs would.
const DefaultMaxBodyBytes = 4 << 20

// maxPrealloc bounds the buffer allocated from a Content-Length before the
// bytes have arrived: a client can claim 4 MiB and send nothing, and that
// claim must not cost the server 4 MiB per connection. Ordinary MCP
// messages are far smaller and fit in one allocation.
const maxPrealloc = 16 << 10

// ReadBody reads r's whole body, at most limit bytes (0 means
// [DefaultMaxBodyBytes], negative no limit). A body over the limit is
// refused 413 / -32000 as soon as that is known (from Content-Length before
// anything is read, or at byte limit+1); a body that cannot be read (the
// client went away, a broken chunked encoding) is 400 / -32000 with the read
// error as the cause, for the log. Errors are *protocol.Error.
func ReadBody(r *http.Request, limit int64) ([]byte, error) {
	if limit == 0 {
		limit = DefaultMaxBodyBytes
	}
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	if limit >= 0 && r.ContentLength > limit {
		return nil, protocol.BodyTooLarge(limit)
	}
	size := 512
	if r.ContentLength > 0 {
		size = int(min(r.ContentLength, maxPrealloc)) + 1 // +1: the read that sees EOF needs no growth
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
			return nil, protocol.BodyTooLarge(limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			// A limit set further out (http.MaxBytesReader) is a size
			// refusal too, not a broken body.
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return nil, protocol.BodyTooLarge(tooLarge.Limit)
			}
			e := protocol.BadRequest("Bad Request: the request body could not be read")
			e.Cause = err
			return nil, e
		}
	}
}
