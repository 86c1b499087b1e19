package statusvar

import "net/http"

// The right answers, decided the same way.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	status := 0
	if id == "" {
		status = http.StatusBadRequest
	} else if _, ok := s.sessions[id]; !ok {
		status = http.StatusNotFound
	}
	if status != 0 {
		http.Error(w, "session refused", status)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// An override that returns before the write answers nothing there.
func (s *server) leaves(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	status := http.StatusOK
	if _, ok := s.sessions[id]; !ok {
		status = http.StatusForbidden
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(status)
}

// One constant, never changed, is that constant.
func (s *server) single(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	missing := http.StatusBadRequest
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", missing)
		return
	}
}
