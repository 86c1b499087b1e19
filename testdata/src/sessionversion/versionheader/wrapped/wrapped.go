// Package wrapped: a server that reads the revision header before it
// dispatches. Right.
package wrapped

import (
	"encoding/json"
	"net/http"
)

type message struct {
	Method string `json:"method"`
}

// Serve refuses a revision it does not speak.
func Serve(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" && v != "2025-06-18" {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	var m message
	_ = json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
