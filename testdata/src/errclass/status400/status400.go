// Package status400: HTTP 400 answered for server-side failures.
package status400

import (
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"

	"fixtures/errclass/rpcutil"
)

type server struct {
	db *sql.DB
	// SessionIDGenerator is a hook the server was configured with.
	SessionIDGenerator func() (string, error)
}

func (s *server) newSession(w http.ResponseWriter, r *http.Request) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from rand.Read, a server-side failure: answer 500`
		return
	}
	id, err := s.SessionIDGenerator()
	if err != nil {
		w.WriteHeader(400) // want `answers 400 for an error from s.SessionIDGenerator`
		return
	}
	if _, err := s.db.ExecContext(r.Context(), "insert", id); err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, -32000, "could not store session") // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
		return
	}
	out, err := json.Marshal(map[string]string{"id": id})
	if err != nil {
		http.Error(w, "encoding failed", 400) // want `answers 400 for an error from json.Marshal`
		return
	}
	w.Write(out)
}

// Client faults are 400 and stay unreported.
func (s *server) clientFaults(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "failed to read body", http.StatusBadRequest)
		return
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := rpcutil.ReadMessage(r); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	// An error errclass cannot place (a parameter) is not judged.
	s.validate(w, nil)
}

func (s *server) validate(w http.ResponseWriter, err error) {
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}
