// Package clientinput: errors of decoding the request's body are the
// client's input, whatever decodes it, and answers outside an MCP
// endpoint are not errclass's to judge. Nothing here is reported.
package clientinput

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

type order struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// lenientDecode only decodes: its errors are the bytes it was given.
func lenientDecode(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		var num map[string]json.Number
		if err2 := json.Unmarshal(data, &num); err2 != nil {
			return fmt.Errorf("decode: %w", err)
		}
	}
	return nil
}

// A REST route answering 400 to its own JSON body, through a helper that
// only decodes.
func createOrder(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	var o order
	if err := lenientDecode(data, &o); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// A body over the limit found with errors.As is 413: right.
func limited(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	var o order
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
}

type pending struct{ ID string }

// renderError renders an HTML error page.
func renderError(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = io.WriteString(w, "<p>"+msg+"</p>")
}

// An OAuth consent page beside the MCP endpoint: its answers are HTML
// pages, not JSON-RPC, whatever failed.
func consent(w http.ResponseWriter, r *http.Request) {
	data, err := json.Marshal(pending{ID: r.URL.Query().Get("id")})
	if err != nil {
		renderError(w, "could not record the request")
		return
	}
	_ = data
}
