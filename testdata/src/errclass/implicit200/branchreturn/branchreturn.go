// Package branchreturn: a status picked inside a branch that returns
// never reaches a refusal written after that branch, which net/http then
// sends with HTTP 200.
package branchreturn

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

type message struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

// The read failure picks 413 or 400 in a nested branch and returns; the
// decode failure below is written with no status at all.
func serve(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		status := http.StatusBadRequest
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			status = http.StatusRequestEntityTooLarge
		}
		http.Error(w, "unreadable body", status)
		return
	}
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}}) // want `answers -32700 \(Parse error\) with HTTP 200: a request refused before any method runs is 400`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A status set in a branch that falls through may still hold: silent.
func serveFallsThrough(w http.ResponseWriter, r *http.Request, strict bool) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	if strict {
		if len(body) == 0 {
			w.WriteHeader(http.StatusBadRequest)
		}
	}
	var raw any
	if err := json.Unmarshal(body, &raw); err != nil {
		json.NewEncoder(w).Encode(envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}})
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
