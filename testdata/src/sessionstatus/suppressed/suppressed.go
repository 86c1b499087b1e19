// Package suppressed: //mcpvet:ignore silences sessionstatus, and an unused
// directive is reported.
package suppressed

import "net/http"

var sessions = map[string]bool{}

func gone(w http.ResponseWriter, r *http.Request) {
	if !sessions[r.Header.Get("Mcp-Session-Id")] {
		return
	}
	if _, ok := sessions[r.Header.Get("Mcp-Session-Id")]; !ok {
		http.Error(w, "gone", http.StatusGone) //mcpvet:ignore sessionstatus this endpoint predates sessions; clients key on 410
	}
}

func unused(w http.ResponseWriter) {
	//mcpvet:ignore sessionstatus nothing to silence // want `unused mcpvet:ignore directive: sessionstatus reports nothing here`
	w.WriteHeader(http.StatusOK)
}
