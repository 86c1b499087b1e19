package reached

import (
	"encoding/json"
	"net/http"
)

// A decode failure after the lookup is the body's answer, not the
// session's.
func (s *server) decodeAfter(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	sess, ok := s.sessions[id]
	if ok {
		_ = sess
	}
	var msg map[string]any
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A status another test set is that test's answer.
func (s *server) otherStatus(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	code := http.StatusAccepted
	if r.Header.Get("Accept") == "" {
		code = http.StatusBadRequest
	}
	if _, ok := s.sessions[id]; ok {
		code = http.StatusOK
	}
	w.WriteHeader(code)
}

// A re-initialize with a stale id is answered with a new session.
func (s *server) reinit(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	var msg struct{ Method string }
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if id == "" && msg.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	sess, ok := s.sessions[id]
	if ok {
		_ = sess
	}
	if msg.Method == "initialize" {
		s.initialize(w, r)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// The right statuses, set in the branches and written once.
func (s *server) rightStatus(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	code := http.StatusAccepted
	if id == "" {
		code = http.StatusBadRequest
	} else if _, ok := s.sessions[id]; !ok {
		code = http.StatusNotFound
	}
	w.WriteHeader(code)
}
