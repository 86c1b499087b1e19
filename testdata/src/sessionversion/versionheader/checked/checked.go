// Package checked: a hand-written server whose module names the revision
// header in another package (a middleware there may test it), and one that
// reads it itself. Neither is judged.
package checked

import (
	"encoding/json"
	"net/http"

	"fixtures/sessionversion/versionheader/names"
)

type message struct {
	Method string `json:"method"`
}

// Serve answers initialize itself; the module's names package declares
// the header.
func Serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(names.Session) == "" {
		var m message
		_ = json.NewDecoder(r.Body).Decode(&m)
		if m.Method != "initialize" {
			http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
			return
		}
	}
	w.WriteHeader(http.StatusAccepted)
}
