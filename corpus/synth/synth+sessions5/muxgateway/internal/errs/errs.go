// Package errs maps gateway errors onto HTTP statuses and JSON-RPC codes.
package errs

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"

	"example.com/synth/sessions5/muxgateway/internal/sessions"
)

// ErrInvalidParams marks a request whose params were rejected.
var ErrInvalidParams = errors.New("invalid params")

func classify(err error) (status, code int, msg string) {
	switch {
	case errors.Is(err, sessions.ErrNoHeader):
		return http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"
	case errors.Is(err, sessions.ErrUnknown):
		return http.StatusNotFound, -32001, "Session not found"
	case errors.Is(err, sessions.ErrTerminated):
		return http.StatusBadRequest, -32000, "Bad Request: session was terminated"
	case errors.Is(err, ErrInvalidParams):
		return http.StatusBadRequest, -32602, "Invalid params: " + err.Error()
	}
	log.Printf("muxgateway: internal error: %v", err)
	return http.StatusInternalServerError, -32603, "Internal error"
}

// Write answers err as a JSON-RPC error response.
func Write(w http.ResponseWriter, id json.RawMessage, err error) {
	status, code, msg := classify(err)
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
}
