// Package delegated: the same bridge, but every message is first handed to
// a session layer of another package, which may check the id: not judged.
package delegated

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"fixtures/sessionstatus/neverchecked/gate"
)

type message struct {
	Method string `json:"method"`
}

func handle(w http.ResponseWriter, r *http.Request) {
	if !gate.Admit(r) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		w.Header().Set("Mcp-Session-Id", hex.EncodeToString(b))
	}
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}
