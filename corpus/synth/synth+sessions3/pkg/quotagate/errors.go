package quotagate

import (
	"encoding/json"
	"net/http"
)

// JSON-RPC error codes used by the gateway. -32000..-32099 are ours.
const (
	errInvalidRequest  = -32600
	errInternal        = -32603
	errSessionUnknown  = -32001
	errSessionRequired = -32003
	errSessionExpired  = -32004
	errQuotaExceeded   = -32005
)

// httpStatusFor keeps the HTTP status in step with the JSON-RPC code.
var httpStatusFor = map[int]int{
	errInvalidRequest:  http.StatusBadRequest,
	errInternal:        http.StatusInternalServerError,
	errSessionUnknown:  http.StatusNotFound,
	errSessionRequired: http.StatusForbidden,
	errSessionExpired:  http.StatusUnauthorized,
	errQuotaExceeded:   http.StatusTooManyRequests,
}

func writeJSONRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	status, ok := httpStatusFor[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if id == nil {
		id = json.RawMessage(`null`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}
