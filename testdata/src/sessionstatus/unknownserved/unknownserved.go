// Package unknownserved: an id the table does not hold answered with an
// explicit success — a DELETE answered as if it ended something, a request
// served anyway — beside a stale id that re-initializes and a known
// session's 202, which are right.
package unknownserved

import (
	"context"
	"encoding/json"
	"net/http"
)

type session struct{ hits int }

type store interface {
	Delete(ctx context.Context, id string) (bool, error)
}

type server struct {
	sessions map[string]*session
	live     map[string]bool
	st       store
}

func send(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *server) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !s.live[id] {
		w.WriteHeader(http.StatusNoContent) // want `answers 204 to an unknown or expired Mcp-Session-Id \(s.live\[id\]\): answer 404`
		return
	}
	delete(s.live, id)
	w.WriteHeader(http.StatusNoContent)
}

func (s *server) delStore(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	found, err := s.st.Delete(r.Context(), id)
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	if !found {
		send(w, http.StatusOK, map[string]any{"deleted": false}) // want `answers 200 to an unknown or expired Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && msg.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	sess, ok := s.sessions[id]
	if !ok {
		if msg.Method == "initialize" {
			// A client with a stale id starts over.
			w.Header().Set("Mcp-Session-Id", "fresh")
			w.WriteHeader(http.StatusOK)
			return
		}
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	sess.hits++
	w.WriteHeader(http.StatusAccepted)
}
