// Package parsevalue writes what wire hands back: a RPCError's code as it
// is, with 400.
package parsevalue

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"fixtures/errclass/parsevalue/wire"
)

func serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	c, err := wire.Parse(body)
	if err != nil {
		var f *wire.RPCError
		if errors.As(err, &f) {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": f})
			return
		}
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": map[string]any{}})
}

// Handler mounts serve.
func Handler() http.Handler { return http.HandlerFunc(serve) }
