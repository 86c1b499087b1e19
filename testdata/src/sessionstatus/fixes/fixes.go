// Package fixes: the suggested fixes of sessionstatus, checked against
// fixes.go.golden.
package fixes

import "net/http"

var sessions = map[string]bool{}

func unknown(w http.ResponseWriter, r *http.Request) {
	if _, ok := sessions[r.Header.Get("Mcp-Session-Id")]; !ok {
		http.Error(w, "no such session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
	}
}

func missing(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		w.WriteHeader(404) // want `answers 404 to a request without Mcp-Session-Id`
	}
}
