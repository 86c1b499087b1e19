package versionheader

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// This file serves the HTTP+SSE transport of 2024-11-05, which has no
// revision header: its stream and the POSTs it names are not judged.

func (n *notes) legacy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: %s\ndata: /messages\n\n", eventEndpoint)
}

func (n *notes) post(w http.ResponseWriter, r *http.Request) {
	var m message
	_ = json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		w.WriteHeader(http.StatusAccepted)
	}
}
