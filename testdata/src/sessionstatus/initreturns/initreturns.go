// Package initreturns: the initialize branch mints an id in place of a
// missing one and returns; after it, the id is still the header's, so a
// request without one answered 404 is the missing-id row's mistake.
package initreturns

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
)

type server struct{ sessions map[string]bool }

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if msg.Method == "initialize" {
		if sid == "" {
			sid = rand.Text()
		}
		s.sessions[sid] = true // want `an initialize keeps the client's own Mcp-Session-Id as the session id`
		w.Header().Set("Mcp-Session-Id", sid)
		return
	}
	if sid == "" {
		http.Error(w, "Session not found", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id: answer 400`
		return
	}
	if !s.sessions[sid] {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
