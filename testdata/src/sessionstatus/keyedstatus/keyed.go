// Package keyedstatus: helpers that pick the status from the code or the
// refusal kind they are given, through a table: a switch assigning a
// status, a map literal of rows, a function of an error object's Code.
// The status a call answers is its key's row.
package keyedstatus

import (
	"encoding/json"
	"net/http"
	"sync"
)

const (
	codeServerError     = -32000
	codeSessionNotFound = -32001
	codeInvalidRequest  = -32600
)

// sendRPC answers 400 unless the code says otherwise.
func sendRPC(w http.ResponseWriter, code int, msg string) {
	status := http.StatusBadRequest
	switch code {
	case codeSessionNotFound:
		status = http.StatusNotFound
	case codeServerError:
		status = http.StatusServiceUnavailable
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

type kind int

const (
	noID kind = iota
	unknownID
	storeDown
)

var rows = map[kind]struct {
	status int
	text   string
}{
	noID:      {http.StatusBadRequest, "Mcp-Session-Id header is required"},
	unknownID: {http.StatusUnauthorized, "unknown session"},
	storeDown: {http.StatusServiceUnavailable, "try again"},
}

// refuse writes the row of its kind.
func refuse(w http.ResponseWriter, k kind) {
	row := rows[k]
	http.Error(w, row.text, row.status)
}

type rpcError struct {
	Code    int
	Message string
}

func sessionGone(id string) *rpcError {
	return &rpcError{Code: codeSessionNotFound, Message: "no session " + id}
}

func sessionRequired() *rpcError {
	return &rpcError{Code: codeInvalidRequest, Message: "session required"}
}

// statusFor maps a code to the status it travels with.
func statusFor(code int) int {
	switch code {
	case codeInvalidRequest:
		return http.StatusBadRequest
	case codeSessionNotFound:
		return http.StatusForbidden
	}
	return http.StatusInternalServerError
}

type replier struct{ w http.ResponseWriter }

func (r replier) fail(e *rpcError) {
	http.Error(r.w, e.Message, statusFor(e.Code))
}

type srv struct {
	mu       sync.Mutex
	sessions map[string]bool
}

func (s *srv) bySwitch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		sendRPC(w, codeInvalidRequest, "Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	known := s.sessions[id]
	s.mu.Unlock()
	if !known {
		sendRPC(w, codeInvalidRequest, "no such session") // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}

func (s *srv) bySwitchRight(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		sendRPC(w, codeInvalidRequest, "Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	known := s.sessions[id]
	s.mu.Unlock()
	if !known {
		sendRPC(w, codeSessionNotFound, "Session not found")
		return
	}
}

func (s *srv) byRows(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		refuse(w, noID)
		return
	}
	s.mu.Lock()
	known := s.sessions[id]
	s.mu.Unlock()
	if !known {
		refuse(w, unknownID) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
}

func (s *srv) byObject(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	rp := replier{w}
	if id == "" {
		rp.fail(sessionRequired())
		return
	}
	s.mu.Lock()
	known := s.sessions[id]
	s.mu.Unlock()
	if !known {
		rp.fail(sessionGone(id)) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
}
