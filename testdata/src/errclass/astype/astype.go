// Package astype: a body over the limit picked out with errors.AsType is
// 413, like errors.As's.
package astype

import (
	"encoding/json"
	"errors"
	"net/http"
)

func serveWrong(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<16)
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, "too large", http.StatusBadRequest) // want `answers 400 to a body over the http.MaxBytesReader limit: answer 413`
			return
		}
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
}
