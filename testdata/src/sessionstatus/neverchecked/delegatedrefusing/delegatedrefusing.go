// Package delegatedrefusing: a bridge that refuses an unknown id 404 when a
// session is ended, and hands every message to a session layer of another
// package of its module before serving it. That layer may check the id, so
// the POST handler, which never reads it, is not judged. The module's path
// has no dot in its first element, as many applications' do: the layer is
// not the standard library for that.
package delegatedrefusing

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"

	"fixtures/sessionstatus/neverchecked/gate"
)

type message struct {
	Method string `json:"method"`
}

var sessions sync.Map

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
		id := hex.EncodeToString(b)
		sessions.Store(id, true)
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

func end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	if _, ok := sessions.LoadAndDelete(id); !ok {
		http.Error(w, "unknown session", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
