// Package bodylimit: a body over the http.MaxBytesReader limit must be
// answered 413.
package bodylimit

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

func asWrongStatus(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	_, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "too large", http.StatusBadRequest) // want `answers 400 to a body over the http.MaxBytesReader limit: answer 413`
			return
		}
		http.Error(w, "failed to read body", http.StatusBadRequest)
	}
}

func notTold(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest) // want `answers 400 when \(\*json.Decoder\).Decode fails, also for a body over the MaxBytesReader limit`
	}
}

// Told apart, or handed to the runtime which tells it apart: not reported.
func told(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "failed to read body", http.StatusBadRequest)
		return
	}
	_ = body
}

func runtimeTells(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if _, err := io.ReadAll(r.Body); err != nil {
		protocol.WriteError(w, nil, err)
	}
}

// Without a limit, a read failure is a plain 400.
func unlimited(w http.ResponseWriter, r *http.Request) {
	if _, err := io.ReadAll(r.Body); err != nil {
		http.Error(w, "failed to read body", http.StatusBadRequest)
	}
}

// kinds answers the decoder's syntax and EOF errors -32700 under a test of
// those kinds alone: a body over the limit is not among them, and falls to
// the 400 after, which is reported.
func kinds(w http.ResponseWriter, r *http.Request) {
	var v map[string]any
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&v); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			http.Error(w, "Parse error", http.StatusBadRequest)
			return
		}
		http.Error(w, "Invalid Request", http.StatusBadRequest) // want `answers 400 when \(\*json.Decoder\).Decode fails, also for a body over the MaxBytesReader limit`
		return
	}
}

// Routes serves the MCP endpoint's handlers under /mcp, and a REST route
// of the same program beside them.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", notTold)
	mux.HandleFunc("/v2/mcp", kinds)
	mux.HandleFunc("/api/upload", upload)
}

// upload is a REST route: the table's body-too-large row is MCP's, and its
// 400 for every failed decode of a capped body is not judged.
func upload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad upload", http.StatusBadRequest)
	}
}
