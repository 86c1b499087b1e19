// Package answers: what the model records, one answer per line.
package answers

import "net/http"

type server struct{ sessions map[string]bool }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing", http.StatusBadRequest) // want `answer status=400 code=none causes=0 session=missing`
		return
	}
	status := http.StatusAccepted
	if !s.sessions[id] {
		status = http.StatusNotFound // want `answer status=404 code=none causes=0 session=unknown`
	}
	w.WriteHeader(status) // want `answer status=0 code=none causes=0 session=none`
}
