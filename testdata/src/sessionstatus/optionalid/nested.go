package optionalid

import "net/http"

// listen tests the id in the if's own init, and the lookup nested under
// its presence: a request without an id falls through to the stream.
func (s *server) listen(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK) // want `answers 200 to a request without Mcp-Session-Id: the check at line [0-9]+ judges only a present id`
}

// follow refuses a missing id in the else: silent.
func (s *server) follow(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	} else {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// watch opens an event stream by writing its first comment: net/http
// answers 200 to a request without an id.
func (s *server) watch(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	_, _ = w.Write([]byte(": open\n\n")) // want `serves a request without Mcp-Session-Id \(HTTP 200\): the check at line [0-9]+ judges only a present id`
	flusher.Flush()
}

// replay refuses under another condition before it writes: which requests
// reach the write is no longer plain, so it stays silent.
func (s *server) replay(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if !s.has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
	if r.URL.Query().Get("from") == "" {
		http.Error(w, "from required", http.StatusBadRequest)
		return
	}
	_, _ = w.Write([]byte(": replay\n\n"))
}
