// Package protocol stands in for the runtime's protocol package in the
// analyzer fixtures: the codes, header names, revisions and refusal
// constructors the analyzers recognise by name (their status and code come
// from the analyzers' own table, not from these bodies).
package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
)

const (
	CodeParseError      = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternalError   = -32603
	CodeServerError     = -32000
	CodeSessionNotFound = -32001
)

const (
	HeaderSessionID       = "Mcp-Session-Id"
	HeaderProtocolVersion = "Mcp-Protocol-Version"
)

const (
	Version20250326 = "2025-03-26"
	Version20251125 = "2025-11-25"
	Version20260728 = "2026-07-28"
)

// HasSessions reports whether revision v has Mcp-Session-Id sessions.
func HasSessions(v string) bool { return v < Version20260728 }

// IsModernVersion reports whether v is a sessionless revision.
func IsModernVersion(v string) bool { return slices.Contains([]string{Version20260728}, v) }

// SessionIDForVersion returns the session id to answer with under version:
// none for a sessionless revision.
func SessionIDForVersion(sessionID, version string) string {
	if version != "" && !HasSessions(version) {
		return ""
	}
	return sessionID
}

// Error is an HTTP status and a JSON-RPC error that travel together.
type Error struct {
	Status  int
	Code    int64
	Message string
	Data    any
	Header  http.Header
	Cause   error
}

func (e *Error) Error() string { return fmt.Sprintf("%d %d %s", e.Status, e.Code, e.Message) }

func (e *Error) Unwrap() error { return e.Cause }

func NewError(status int, code int64, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func SessionNotFound() *Error {
	return NewError(http.StatusNotFound, CodeSessionNotFound, "Session not found")
}

func BodyTooLarge(limit int64) *Error {
	return NewError(http.StatusRequestEntityTooLarge, CodeServerError, "Request body larger than %d bytes", limit)
}

func BadRequest(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeServerError, format, args...)
}

func ParseError(cause error) *Error {
	e := NewError(http.StatusBadRequest, CodeParseError, "Parse error")
	e.Cause = cause
	return e
}

func InvalidRequest(format string, args ...any) *Error {
	return NewError(http.StatusBadRequest, CodeInvalidRequest, format, args...)
}

func Internal(cause error) *Error {
	e := NewError(http.StatusInternalServerError, CodeInternalError, "Internal error")
	e.Cause = cause
	return e
}

// AsError returns err's *Error, or a 500 for anything else.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}

// WriteError answers err as a JSON-RPC error response with request id id.
func WriteError(w http.ResponseWriter, id any, err error) {
	e := AsError(err)
	if e == nil {
		e = Internal(errors.New("nil error"))
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": e.Code, "message": e.Message}})
	w.Write(body)
}
