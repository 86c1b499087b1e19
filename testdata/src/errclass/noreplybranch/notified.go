package noreplybranch

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
)

type sessionBook struct{ open map[string]bool }

func (b *sessionBook) start() (string, error) {
	id := rand.Text()
	b.open[id] = true
	return id, nil
}

type tally struct{ book *sessionBook }

// answerFault gives a notification the empty 200 JSON-RPC asks for and any
// other message its error, with 200 as well.
func (t *tally) answerFault(w http.ResponseWriter, m *message, code int, msg string) {
	if m.ID == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(faultReply(m.ID, code, msg))
}

// The session could not be made: the server's own failure, not a reply.
func (t *tally) initialize(w http.ResponseWriter, m *message) {
	id, err := t.book.start()
	if err != nil {
		t.answerFault(w, m, -32603, "cannot open a session") // want `answers a failure making the session with a success status`
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(reply{Version: "2.0", ID: m.ID, Result: map[string]any{"protocolVersion": "2025-11-25"}})
}

// A method's own failure rides on 200.
func (t *tally) call(w http.ResponseWriter, m *message) {
	t.answerFault(w, m, -32601, "no such method")
}
