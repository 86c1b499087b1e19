// Package viafact: handlers that hand the request's Mcp-Session-Id to a
// session manager of another package, read through its fact.
package viafact

import (
	"encoding/json"
	"errors"
	"net/http"

	"fixtures/sessionstatus/missinghelper/sessions"
)

type server struct{ m *sessions.Manager }

type message struct {
	Method string `json:"method"`
}

func refuse(w http.ResponseWriter, err error) {
	if errors.Is(err, sessions.ErrNoID) {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	http.Error(w, err.Error(), http.StatusNotFound)
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	sess, err := s.m.Attach(r.Header.Get("Mcp-Session-Id"), false) // want `a request without Mcp-Session-Id is served in a fresh session by this helper: answer 400 unless initialize`
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

// Right: strict set, the manager refuses a missing id.
func (s *server) postStrict(w http.ResponseWriter, r *http.Request) {
	sess, err := s.m.Attach(r.Header.Get("Mcp-Session-Id"), true)
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

// Right: the flag is the initialize test; the manager makes a session
// for an empty id only then.
func (s *server) postOpen(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	sess, err := s.m.Open(r.Header.Get("Mcp-Session-Id"), m.Method == "initialize")
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}
