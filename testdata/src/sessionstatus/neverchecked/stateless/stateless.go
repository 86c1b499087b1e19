// Package stateless: a server that mints no id and hands the client's
// back as it came. It keeps no sessions, so there is nothing to require:
// not judged.
package stateless

import (
	"encoding/json"
	"net/http"
)

type message struct {
	Method string `json:"method"`
}

func handle(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		w.Header().Set("Mcp-Session-Id", id)
	}
	if m.Method == "initialize" {
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"x"}}`))
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}
