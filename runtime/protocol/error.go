package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Error is a refusal or failure as the client sees it: the HTTP status, the
// JSON-RPC code and message, optional data, and extra response headers
// (Allow on 405, Retry-After on 503) travel together so that no code path
// can pick a status without a code or the other way round.
//
// Cause is for logs only; it is never written to the client.
type Error struct {
	Status  int
	Code    int64
	Message string
	Data    any
	Header  http.Header
	Cause   error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%d %s: %d %s", e.Status, http.StatusText(e.Status), e.Code, e.Message)
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Cause }

// Internal reports whether e is a server-side failure (5xx).
func (e *Error) Internal() bool { return e.Status >= 500 }

// NewError returns an *Error with the given status, code and message.
func NewError(status int, code int64, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// AsError returns err as an *Error. An *Error anywhere in err's chain is
// returned as is; an *http.MaxBytesError is a body over the limit (413);
// anything else is a server-internal failure, 500 / -32603, with err kept as
// the cause. A nil err gives nil.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return BodyTooLarge(tooLarge.Limit)
	}
	return Internal(err)
}

// The refusals of the Streamable HTTP transport, one constructor per row of
// the refusal table. Messages name what was wrong and, where it helps, what
// would be right.

// SessionNotFound answers an unknown or terminated session id: 404 / -32001,
// which tells a client to re-initialize.
func SessionNotFound() *Error {
	return NewError(http.StatusNotFound, CodeSessionNotFound, "Session not found")
}

// Forbidden answers a request whose Host or Origin is not allowed (DNS
// rebinding protection): 403 / -32000.
func Forbidden(format string, args ...any) *Error {
	return NewError(http.StatusForbidden, CodeServerError, format, args...)
}

// SessionForbidden answers a request naming a session that belongs to
// another principal (or to one, when the request carries none): 403 /
// -32000. It says no more than go-sdk's own handler does, so that it tells
// a caller nothing of the session beyond that it is not theirs.
func SessionForbidden() *Error {
	return NewError(http.StatusForbidden, CodeServerError, "Forbidden: session user mismatch")
}

// MethodNotAllowed answers an HTTP method the endpoint does not serve: 405 /
// -32000 with an Allow header listing the methods it does.
func MethodNotAllowed(method string, allow ...string) *Error {
	e := NewError(http.StatusMethodNotAllowed, CodeServerError, "Method not allowed: %s (allowed: %s)", method, strings.Join(allow, ", "))
	e.Header = http.Header{"Allow": {strings.Join(allow, ", ")}}
	return e
}

// NotAcceptable answers an Accept header that lacks a media type the
// response needs: 406 / -32000.
func NotAcceptable(format string, args ...any) *Error {
	return NewError(http.StatusNotAcceptable, CodeServerError, format, args...)
}

// UnsupportedMediaType answers a POST whose Content-Type is not
// application/json: 415 / -32000.
func UnsupportedMediaType(got string) *Error {
	return NewError(http.StatusUnsupportedMediaType, CodeServerError, "Unsupported Media Type: Content-Type must be %s, got %q", MediaTypeJSON, got)
}

// BodyTooLarge answers a body over the limit: 413 / -32000.
func BodyTooLarge(limit int64) *Error {
	return NewError(http.StatusRequestEntityTooLarge, CodeServerError, "Request body larger than %d bytes", limit)
}

// BadRequest answers a request the transport refuses for its HTTP shape
// (missing session id, request before initialize, unreadable body): 400 /
// -32000.
func BadRequest(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeServerError, format, args...)
}

// ParseError answers a body that is not JSON: 400 / -32700. Only a failure to
// decode the client's bytes may produce it.
func ParseError(cause error) *Error {
	e := NewError(http.StatusBadRequest, CodeParseError, "Parse error: body is not valid JSON")
	e.Cause = cause
	return e
}

// InvalidRequest answers valid JSON that is not a valid JSON-RPC message, or
// a message in a shape the transport refuses: 400 / -32600.
func InvalidRequest(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeInvalidRequest, format, args...)
}

// Conflict answers a second standalone GET stream on one session: 409 /
// -32000.
func Conflict(format string, args ...any) *Error {
	return NewError(http.StatusConflict, CodeServerError, format, args...)
}

// UnsupportedVersionData is the data of an unsupported-version refusal.
type UnsupportedVersionData struct {
	Supported []string `json:"supported"`
	Requested string   `json:"requested"`
}

// UnsupportedVersion answers an MCP-Protocol-Version header that names a
// revision the transport does not serve: 400 / -32000, listing the ones it
// does in the message and in data.
func UnsupportedVersion(requested string, supported []string) *Error {
	e := NewError(http.StatusBadRequest, CodeServerError, "Bad Request: unsupported protocol version %q (supported versions: %s)", requested, strings.Join(supported, ", "))
	e.Data = UnsupportedVersionData{Supported: supported, Requested: requested}
	return e
}

// Unavailable answers a request the server cannot take now (for example a
// new handshake when the session limit is reached): 503 / -32000 with
// Retry-After in seconds.
func Unavailable(retryAfterSeconds int, format string, args ...any) *Error {
	e := NewError(http.StatusServiceUnavailable, CodeServerError, format, args...)
	e.Header = http.Header{"Retry-After": {fmt.Sprint(retryAfterSeconds)}}
	return e
}

// Internal answers a server-side failure: 500 / -32603. The cause is kept
// for logs and never sent to the client.
func Internal(cause error) *Error {
	e := NewError(http.StatusInternalServerError, CodeInternalError, "Internal error")
	e.Cause = cause
	return e
}

// wireError is the JSON-RPC error object; wireResponse the error response
// around it. ID is always present: null when the request id is unknown.
type wireError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type wireResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	Error   wireError `json:"error"`
	ID      any       `json:"id"`
}

// ErrorBody returns the JSON-RPC error response for e with the given request
// id (nil for null).
func ErrorBody(id any, e *Error) []byte {
	body, err := json.Marshal(wireResponse{JSONRPC: "2.0", Error: wireError{Code: e.Code, Message: e.Message, Data: e.Data}, ID: id})
	if err != nil {
		// Data that cannot be marshalled is the server's bug; drop it rather
		// than send a body that is not JSON.
		body, _ = json.Marshal(wireResponse{JSONRPC: "2.0", Error: wireError{Code: e.Code, Message: e.Message}, ID: id})
	}
	return body
}

// WriteError writes err as a JSON-RPC error response: err's status, its
// extra headers, Content-Type application/json, and the body with the given
// request id (nil for null; a JSON-RPC id's raw value otherwise). err goes
// through [AsError], so anything that is not already an *Error is answered
// 500 / -32603.
func WriteError(w http.ResponseWriter, id any, err error) {
	e := AsError(err)
	if e == nil {
		e = Internal(errors.New("protocol.WriteError called with a nil error"))
	}
	h := w.Header()
	for k, vs := range e.Header {
		h[k] = vs
	}
	h.Set("Content-Type", MediaTypeJSON)
	h.Del("Content-Length")
	w.WriteHeader(e.Status)
	w.Write(ErrorBody(id, e))
}
