// Package refusal holds docs/protocol.md's "Refusals" table as data: for
// each condition a Streamable HTTP server refuses, the HTTP status, the
// JSON-RPC code and the message the runtime answers. The analyzers read their
// required answers from it; tests hold it equal to the document and drive the
// runtime's handler with each row, so that the document, the runtime and the
// checks cannot drift apart.
//
// It imports neither the runtime nor go-sdk: the analyzers recognise both by
// shape, and this table is what they compare a shape's answer with.
package refusal

import "strings"

// Row is one line of the table.
type Row struct {
	// ID names the row; tests and analyzers refer to it.
	ID string
	// Condition is what the request or the server's state is, as the
	// document says it.
	Condition string
	// Methods are the HTTP methods the row applies to: "any", "POST",
	// "GET, DELETE", …
	Methods string
	// Status is the HTTP status; Header an extra response header it
	// carries ("Allow", "Allow: POST", "Retry-After"), or "".
	Status int
	Header string
	// Code is the JSON-RPC error code.
	Code int64
	// Message is the JSON-RPC error message; one ending in "…" is a
	// prefix, the rest names what was wrong.
	Message string
	// Where says which part of the runtime answers it.
	Where string
	// NotDriven is empty when the handler test drives the row over HTTP;
	// otherwise it says why the handler cannot produce it.
	NotDriven string
}

// MessageMatches reports whether msg is the row's message: equal to it,
// or starting with its prefix when the row's message ends in "…".
func (r Row) MessageMatches(msg string) bool {
	if p, ok := strings.CutSuffix(r.Message, "…"); ok {
		return strings.HasPrefix(msg, p)
	}
	return msg == r.Message
}

// The rows the analyzers' rules answer with.
const (
	ServerFailure      = "server-failure"
	SessionMissing     = "session-missing"
	SessionUnknown     = "session-unknown"
	SessionForbidden   = "session-forbidden"
	NotJSON            = "not-json"
	NotJSONRPC         = "not-jsonrpc"
	BodyTooLarge       = "body-too-large"
	BodyUnreadable     = "body-unreadable"
	VersionUnsupported = "version-unsupported"
)

// Lookup returns the row named id; ok is false when there is none.
func Lookup(id string) (Row, bool) {
	for _, r := range Rows {
		if r.ID == id {
			return r, true
		}
	}
	return Row{}, false
}

// MustLookup returns the row named id and panics when there is none: the
// ids above always name a row (a test holds them to it).
func MustLookup(id string) Row {
	r, ok := Lookup(id)
	if !ok {
		panic("refusal: no row " + id)
	}
	return r
}
