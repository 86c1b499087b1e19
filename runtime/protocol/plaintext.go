package protocol

import (
	"net/http"
	"strings"

	"github.com/mcpwire/mcpwire/runtime/internal/httpctl"
)

// maxPlainError bounds the plain-text error message kept for rewriting.
const maxPlainError = 1 << 10

// JSONErrors returns a ResponseWriter that passes everything through to w
// except an error answer (status ≥ 400) that is not already JSON: such an
// answer, typically http.Error's text/plain from a handler outside this
// runtime (go-sdk's StreamableHTTPHandler refuses some requests that way),
// is held back, and finish writes it as a JSON-RPC error with the same
// status, with id as the request id (nil for null). Call finish after the
// wrapped handler returns. The writer unwraps (http.ResponseController), so
// flushes and deadlines reach w.
func JSONErrors(w http.ResponseWriter, id any) (rw http.ResponseWriter, finish func()) {
	j := &jsonErrors{w: w, id: id}
	return j, j.finish
}

type jsonErrors struct {
	w       http.ResponseWriter
	id      any
	started bool
	status  int // a held error's status; 0 while passing through
	msg     strings.Builder
}

func (j *jsonErrors) Header() http.Header { return j.w.Header() }

func (j *jsonErrors) Unwrap() http.ResponseWriter { return j.w }

func (j *jsonErrors) WriteHeader(code int) {
	if j.started {
		return
	}
	j.started = true
	ct := j.w.Header().Get("Content-Type")
	if code >= 400 && !strings.HasPrefix(ct, MediaTypeJSON) {
		j.status = code
		return
	}
	j.w.WriteHeader(code)
}

func (j *jsonErrors) Write(b []byte) (int, error) {
	if !j.started {
		j.WriteHeader(http.StatusOK)
	}
	if j.status == 0 {
		return j.w.Write(b)
	}
	if room := maxPlainError - j.msg.Len(); room > 0 {
		j.msg.Write(b[:min(len(b), room)])
	}
	return len(b), nil
}

// Flush implements http.Flusher for handlers that assert it directly.
func (j *jsonErrors) Flush() {
	if j.status == 0 {
		httpctl.Flush(j.w)
	}
}

func (j *jsonErrors) finish() {
	if j.status == 0 {
		return
	}
	h := j.w.Header()
	h.Del("Content-Length")
	h.Del("X-Content-Type-Options")
	var e *Error
	switch {
	case j.status >= 500:
		// The text may describe the server's internals.
		e = NewError(j.status, CodeInternalError, "Internal error")
	case j.status == http.StatusBadRequest:
		e = NewError(j.status, CodeInvalidRequest, "%s", plainMessage(j.msg.String(), "Invalid Request"))
	default:
		e = NewError(j.status, CodeServerError, "%s", plainMessage(j.msg.String(), http.StatusText(j.status)))
	}
	WriteError(j.w, j.id, e)
}

// plainMessage is the first line of a plain-text error, or def.
func plainMessage(text, def string) string {
	text, _, _ = strings.Cut(strings.TrimSpace(text), "\n")
	if text == "" {
		return def
	}
	return text
}
