// Package selfassigned: a session id variable whose one assignment reads
// itself (sid = pick(sid, ...)). Following the id's value through its
// assignments must stop there, not go round.
package selfassigned

import (
	"net/http"
	"strings"
)

func pick(first, second string) string {
	if first != "" {
		return first
	}
	return strings.TrimSpace(second)
}

func serve(w http.ResponseWriter, r *http.Request) {
	var sid string
	sid = pick(sid, r.Header.Get("Mcp-Session-Id"))
	if sid != "" && r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
