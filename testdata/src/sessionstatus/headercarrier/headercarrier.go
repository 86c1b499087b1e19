// Package headercarrier: the session id read from something other than an
// *http.Request — the header records an external-processing filter is
// handed, a plain map of headers a proxy passes along, a header accessor of
// another package — and an unknown id answered with the wrong status.
package headercarrier

import (
	"net/http"
	"strings"
)

// headerRecord is one header as a proxy's filter protocol hands it over.
type headerRecord struct {
	Key      string
	Value    string
	RawValue []byte
}

// checkRequest is what the filter is asked to judge.
type checkRequest struct {
	Headers []*headerRecord
}

// gatewayError carries the status the proxy answers the client with.
type gatewayError struct {
	Code int
	Msg  string
}

func (e *gatewayError) Error() string { return e.Msg }

func NewGatewayError(status int, msg string) *gatewayError {
	return &gatewayError{Code: status, Msg: msg}
}

type session struct{ backend string }

type filter struct {
	sessions map[string]*session
}

// onHeaders finds the id among the records, by its key, in any case.
func (f *filter) onHeaders(req *checkRequest) error {
	var id string
	for _, h := range req.Headers {
		if strings.EqualFold(h.Key, "mcp-session-id") {
			id = string(h.RawValue)
		}
	}
	if id == "" {
		return NewGatewayError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if _, ok := f.sessions[id]; !ok {
		return NewGatewayError(http.StatusUnauthorized, "unknown session") // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

// onHeadersSwitch picks the id out with a switch on the key.
func (f *filter) onHeadersSwitch(req *checkRequest) error {
	id := ""
	for _, h := range req.Headers {
		switch strings.ToLower(h.Key) {
		case "mcp-session-id":
			id = h.Value
		}
	}
	if id == "" {
		return NewGatewayError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if f.sessions[id] == nil {
		return NewGatewayError(http.StatusForbidden, "no such session") // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
	return nil
}

// forwarded is a request as a proxy passes it on: headers in a plain map.
type forwarded struct {
	Headers map[string]string
}

func (f *filter) onForwarded(w http.ResponseWriter, req *forwarded) {
	id := req.Headers["mcp-session-id"]
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := f.sessions[id]; !ok {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// Right: the same carriers, 400 for no id and 404 for an unknown one.
func (f *filter) onHeadersRight(req *checkRequest) error {
	var id string
	for _, h := range req.Headers {
		if h.Key == "mcp-session-id" {
			id = h.Value
		}
	}
	if id == "" {
		return NewGatewayError(http.StatusBadRequest, "Mcp-Session-Id required")
	}
	if _, ok := f.sessions[id]; !ok {
		return NewGatewayError(http.StatusNotFound, "session not found")
	}
	return nil
}

// Another header's value under the same loop is not the session id.
func (f *filter) onOtherHeader(req *checkRequest) error {
	var tenant string
	for _, h := range req.Headers {
		if h.Key == "x-tenant" {
			tenant = h.Value
		}
	}
	if _, ok := f.sessions[tenant]; !ok {
		return NewGatewayError(http.StatusUnauthorized, "unknown tenant")
	}
	return nil
}
