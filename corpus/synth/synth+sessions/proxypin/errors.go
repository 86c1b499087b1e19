package proxypin

import (
	"encoding/json"
	"errors"
	"net/http"
)

// StatusError is an error the proxy answers with a specific status.
type StatusError struct {
	Status int
	Code   int
	Msg    string
}

func (e *StatusError) Error() string { return e.Msg }

func writeError(w http.ResponseWriter, err error) {
	var se *StatusError
	if !errors.As(err, &se) {
		se = &StatusError{Status: http.StatusBadGateway, Code: -32603, Msg: "Internal error"}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(se.Status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": se.Code, "message": se.Msg},
	})
}
