package api

import (
	"encoding/json"
	"errors"
	"net/http"

	"example.com/synth/sessions2/pgsession/service"
	"example.com/synth/sessions2/pgsession/store"
)

type failure struct {
	status int
	code   int
	msg    string
}

var failures = []struct {
	target error
	failure
}{
	{store.ErrNotFound, failure{http.StatusNotFound, -32001, "Session not found"}},
	{service.ErrSessionExpired, failure{http.StatusGone, -32001, "Session expired"}},
	{store.ErrUnavailable, failure{http.StatusServiceUnavailable, -32000, "Service Unavailable: session store"}},
}

func classify(err error) failure {
	for _, f := range failures {
		if errors.Is(err, f.target) {
			return f.failure
		}
	}
	return failure{http.StatusInternalServerError, -32603, "Internal error"}
}

func writeFailure(w http.ResponseWriter, id json.RawMessage, f failure) {
	if f.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	if id == nil {
		id = json.RawMessage("null")
	}
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
	}{f.code, f.msg}})
}
