// Package gonesentinel: the error of a call given the id (its only
// result) tested against sentinels of a package named for sessions, and a
// JSON-RPC error written with 200 after an earlier branch that set a
// status and returned.
package gonesentinel

import (
	"encoding/json"
	"errors"
	"net/http"

	"fixtures/sessionstatus/gonesentinel/session"
)

type handler struct{ mgr *session.Manager }

// inBand writes a JSON-RPC error in a 200 body.
func inBand(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if len(id) == 0 {
		inBand(w, -32600, "missing session") // want `answers 200 to a request without Mcp-Session-Id`
		return
	}
	switch err := h.mgr.Touch(id); {
	case err == nil:
	case errors.Is(err, session.ErrExpired):
		inBand(w, -32001, "session expired") // want `answers 200 to an unknown or expired Mcp-Session-Id`
		return
	case errors.Is(err, session.ErrUnknown):
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	default:
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
}

// afterStatus: a status set on the way (not in a branch that returned)
// makes the body's answer that status, not 200.
func (h *handler) afterStatus(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	w.WriteHeader(http.StatusBadRequest)
	if id == "" {
		inBand(w, -32600, "missing session")
		return
	}
}
