// Package logged: the counterpart of infolookup whose Info is a logger's:
// the request's id is only recorded, every message is served whatever id
// it carries.
package logged

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"fixtures/sessionstatus/neverchecked/infolookup/logged/applog"
)

type server struct{ lg *applog.Logger }

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
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	id := hex.EncodeToString(b)
	w.Header().Set("Mcp-Session-Id", id) // want `hands out Mcp-Session-Id but never tests a request.s id`
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

func (s *server) call(w http.ResponseWriter, sid string) {
	s.lg.Info("call", "session", sid)
	new(applog.Event).Str("session", sid).Msg("served")
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}
