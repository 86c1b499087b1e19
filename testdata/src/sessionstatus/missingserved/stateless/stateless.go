// Package stateless issues no session ids: a request without one is the
// only kind it serves, and nothing is reported.
package stateless

import "net/http"

func stream(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Error(w, "this server keeps no sessions", http.StatusNotFound)
}
