package reached

import "net/http"

// A transport that holds one session compares the request's id with it.
type transport struct{ sessionID string }

func (t *transport) post(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") != t.sessionID {
		http.Error(w, "Invalid session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (t *transport) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if id != t.sessionID {
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(http.StatusOK)
}
