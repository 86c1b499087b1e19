package idfact

import "net/http"

// The header's name held in package variables, as some servers spell it.
var (
	sessionHeader = http.CanonicalHeaderKey("mcp-session-id")
	traceHeader   = "X-Trace-Id"
)

type traced struct{ sessions map[string]bool }

func (t *traced) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(traceHeader) == "" {
		http.Error(w, "no trace", http.StatusNotFound)
		return
	}
	id := r.Header.Get(sessionHeader)
	if id == "" {
		http.Error(w, "no session", http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id`
		return
	}
	if !t.sessions[id] {
		http.Error(w, "unknown session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id`
		return
	}
}
