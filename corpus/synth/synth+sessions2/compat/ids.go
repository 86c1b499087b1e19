package compat

import "net/http"

// sessionIDFrom reads the session id the way both transport generations
// send it: the Streamable HTTP header, or the ?sessionId= query parameter
// that 2024-11-05 SSE clients append to the message endpoint.
func sessionIDFrom(r *http.Request) string {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		return id
	}
	return r.URL.Query().Get("sessionId")
}

// wellFormed reports whether id is non-empty visible ASCII (0x21-0x7E).
func wellFormed(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return false
		}
	}
	return true
}
