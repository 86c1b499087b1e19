// Package infolookup: ids are opened in a registry of another package and
// every other message's id is looked up there (by a method named Info, as
// a logger's level is) before it is served: the ids are checked, not
// logged.
package infolookup

import (
	"encoding/json"
	"net/http"

	"fixtures/sessionstatus/neverchecked/infolookup/registry"
)

type server struct{ reg *registry.Registry }

type message struct {
	Method string `json:"method"`
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		s.open(w)
	default:
		s.call(w, r.Header.Get("Mcp-Session-Id"))
	}
}

func (s *server) open(w http.ResponseWriter) {
	id := s.reg.New()
	w.Header().Set("Mcp-Session-Id", id)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

func (s *server) call(w http.ResponseWriter, sid string) {
	if refusal := s.admit(sid); refusal != 0 {
		w.WriteHeader(refusal)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

// admit is the status a message's session id is refused with, 0 for one
// the registry knows.
func (s *server) admit(sid string) int {
	if sid == "" {
		return http.StatusBadRequest
	}
	if _, ok := s.reg.Info(sid); !ok {
		return http.StatusNotFound
	}
	return 0
}
